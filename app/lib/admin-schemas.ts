/** Forms of the admin area (SPEC §5 milestone update; issue 5 transactions). One schema for browser, action and API. */
import { z } from "zod";
import { MILESTONE_STATUSES, TRANSACTION_STATUSES, TRANSACTION_TYPES } from "~/lib/enums";
import { blankToUndefined, isHttpUrl, moneyDigits } from "~/lib/form-values";

const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .url("Enter a valid URL")
  .refine(isHttpUrl, "The URL must start with http:// or https://");

/** adminNotes and documentUrl are trimmed and stored only when non-empty. */
export const milestoneUpdateSchema = z.object({
  status: z.enum(MILESTONE_STATUSES, {
    errorMap: () => ({ message: "Choose Not Started, In Progress, Completed or Action Required" }),
  }),
  adminNotes: z.preprocess(blankToUndefined, z.string().trim().max(5000).optional()),
  documentUrl: z.preprocess(blankToUndefined, httpUrl.optional()),
});
export type MilestoneUpdate = z.infer<typeof milestoneUpdateSchema>;

export const initializeSchema = z.object({
  type: z.preprocess(blankToUndefined, z.enum(TRANSACTION_TYPES).optional()),
});

const homeValue = z.preprocess(
  moneyDigits,
  z
    .string({ required_error: "Home value is required" })
    .regex(/^\d{1,12}$/, "Enter the value in whole dollars")
    .refine((v) => Number(v) > 0, "Enter the value in whole dollars"),
);

export const newTransactionSchema = z.object({
  email: z.string({ required_error: "Required" }).trim().toLowerCase().email().max(254),
  firstName: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  lastName: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  type: z.enum(TRANSACTION_TYPES, { errorMap: () => ({ message: "Choose Buying or Selling" }) }),
  propertyAddress: z.string({ required_error: "Property address is required" }).trim().min(1).max(300),
  homeValue,
  tier: z.preprocess(
    (v) => (blankToUndefined(v) === undefined ? undefined : Number(v)),
    z.number().int().min(1).max(3).optional(),
  ),
});
export type NewTransaction = z.infer<typeof newTransactionSchema>;

export const editTransactionSchema = z.object({
  propertyAddress: z.string({ required_error: "Property address is required" }).trim().min(1).max(300),
  homeValue,
  status: z.enum(TRANSACTION_STATUSES, { errorMap: () => ({ message: "Choose Active, Completed or Cancelled" }) }),
});
export type EditTransaction = z.infer<typeof editTransactionSchema>;
