/**
 * The contract form (the admin's workspace) and `PUT /api/transactions/{id}/contract`: one schema.
 * Dates are exactly "YYYY-MM-DD" (nothing around them), real, and within CONTRACT_YEARS, so that every
 * date computed from them stays in the calendar; day counts are whole days from 0 to 120; a close of
 * escrow before acceptance is refused on its field.
 */
import { z } from "zod";
import { DEADLINE_KEYS, DEADLINE_STATUSES, type DeadlineKey } from "~/domain/enums";
import { MAX_DEADLINE_DAYS } from "~/lib/deadlines";
import { blankToUndefined, idField, numberInput } from "~/lib/form-values";
import { parsePlainDate } from "~/lib/plain-date";

/** The years a contract's dates may fall in: a deadline is at most 120 days and a few holidays later. */
export const CONTRACT_YEARS = { first: 2000, last: 2099 } as const;

export const CONTRACT_MESSAGES = {
  acceptedRequired: "Enter the date the offer was accepted",
  notADate: "Enter a real date (YYYY-MM-DD)",
  outOfRange: `Enter a date from ${CONTRACT_YEARS.first} to ${CONTRACT_YEARS.last}`,
  closingBeforeAcceptance: "The close of escrow cannot be before acceptance",
  days: `Enter whole days from 0 to ${MAX_DEADLINE_DAYS}`,
} as const;

const realDate = z
  .string({ invalid_type_error: CONTRACT_MESSAGES.notADate })
  .refine((v) => parsePlainDate(v) === v, CONTRACT_MESSAGES.notADate);

const contractDate = realDate.refine((v) => {
  const year = Number(v.slice(0, 4));
  return year >= CONTRACT_YEARS.first && year <= CONTRACT_YEARS.last;
}, CONTRACT_MESSAGES.outOfRange);

const dayCount = z.preprocess(
  numberInput,
  z
    .number({ invalid_type_error: CONTRACT_MESSAGES.days })
    .int(CONTRACT_MESSAGES.days)
    .min(0, CONTRACT_MESSAGES.days)
    .max(MAX_DEADLINE_DAYS, CONTRACT_MESSAGES.days)
    .optional(),
);

export const contractSchema = z
  .object({
    acceptedOn: z.preprocess(blankToUndefined, contractDate.optional()).refine((v) => v !== undefined, {
      message: CONTRACT_MESSAGES.acceptedRequired,
    }),
    closingOn: z.preprocess(blankToUndefined, contractDate.optional()),
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

/** Mark done, waive or reopen a deadline: the API's body, and the workspace's small forms with the id. */
export const deadlineStatusSchema = z.object({ status: z.enum(DEADLINE_STATUSES) });
export const deadlineFormSchema = deadlineStatusSchema.extend({ deadlineId: idField });

/** /admin/holidays: a holiday added (a date and its name), or a date removed or restored. */
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
