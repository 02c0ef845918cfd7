/**
 * The contract form (the admin's Manage page) and `PUT /api/transactions/{id}/contract`: one schema.
 * Dates are "YYYY-MM-DD" and must be real; day counts are whole days from 0 to 120; a close of escrow
 * before acceptance is refused on its field.
 */
import { z } from "zod";
import { DEADLINE_KEYS, DEADLINE_STATUSES, type DeadlineKey } from "~/domain/enums";
import { MAX_DEADLINE_DAYS } from "~/lib/contract-dates";
import { blankToUndefined, idField } from "~/lib/form-values";
import { parsePlainDate } from "~/lib/plain-date";

export const CONTRACT_MESSAGES = {
  acceptedRequired: "Enter the date the offer was accepted",
  notADate: "Enter a real date (YYYY-MM-DD)",
  closingBeforeAcceptance: "The close of escrow cannot be before acceptance",
  days: `Enter whole days from 0 to ${MAX_DEADLINE_DAYS}`,
} as const;

const realDate = z
  .string({ invalid_type_error: CONTRACT_MESSAGES.notADate })
  .refine((v) => parsePlainDate(v) !== null, CONTRACT_MESSAGES.notADate);

const dayCount = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ invalid_type_error: CONTRACT_MESSAGES.days })
    .int(CONTRACT_MESSAGES.days)
    .min(0, CONTRACT_MESSAGES.days)
    .max(MAX_DEADLINE_DAYS, CONTRACT_MESSAGES.days)
    .optional(),
);

export const contractSchema = z
  .object({
    acceptedOn: z.preprocess(blankToUndefined, realDate.optional()).refine((v) => v !== undefined, {
      message: CONTRACT_MESSAGES.acceptedRequired,
    }),
    closingOn: z.preprocess(blankToUndefined, realDate.optional()),
    days: z
      .object(Object.fromEntries(DEADLINE_KEYS.map((key) => [key, dayCount])) as Record<DeadlineKey, typeof dayCount>)
      .strict()
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.acceptedOn && value.closingOn && value.closingOn < value.acceptedOn) {
      ctx.addIssue({ code: "custom", path: ["closingOn"], message: CONTRACT_MESSAGES.closingBeforeAcceptance });
    }
  })
  .transform((value) => ({
    acceptedOn: value.acceptedOn!,
    closingOn: value.closingOn ?? null,
    days: Object.fromEntries(Object.entries(value.days ?? {}).filter(([, n]) => n !== undefined)) as Partial<
      Record<DeadlineKey, number>
    >,
  }));

export type ContractValues = z.output<typeof contractSchema>;

/** Mark done, waive or reopen a deadline: the API's body, and the Manage page's small forms with the id. */
export const deadlineStatusSchema = z.object({ status: z.enum(DEADLINE_STATUSES) });
export const deadlineFormSchema = deadlineStatusSchema.extend({ deadlineId: idField });

/** /admin/key-dates: a holiday added (a date and its name), or a date removed or restored. */
export const holidayFormSchema = z.object({
  date: z.preprocess(blankToUndefined, realDate.optional()).refine((v) => v !== undefined, {
    message: "Enter a date",
  }),
  name: z.preprocess(
    blankToUndefined,
    z.string({ required_error: "Name the holiday" }).trim().max(100, "At most 100 characters"),
  ),
});
export const holidayDateSchema = z.object({ date: realDate });
