/**
 * The agency's settings form (/admin/settings): the escrow estimate as dollars (a base, and an amount per
 * $1,000 of the price), stored in cents; the seller's usual costs a net sheet leaves blank (each may be
 * empty: none); new leads' routing (`routing`) and first-to-claim's minutes; the buyer's broker compensation a
 * buyer agreement is prepared with.
 */
import { z } from "zod";
import { COMPENSATION_TYPES, compensationSchema } from "~/lib/buyer-compensation";
import { numberInput } from "~/lib/form-values";
import { centsOfDollars } from "~/lib/money";
import { routingSchema } from "~/lib/team-schema";

const MESSAGE = "Enter an amount in dollars from 0 to 100,000";

const dollarsToCents = z.preprocess(
  numberInput,
  z
    .number({ invalid_type_error: MESSAGE, required_error: MESSAGE })
    .min(0, MESSAGE)
    .max(100_000, MESSAGE)
    .refine((v) => Number.isInteger(Math.round(v * 1e6) / 1e4), MESSAGE)
    .transform(centsOfDollars),
);

/** A usual cost the broker may leave empty: none (no line on a net sheet). */
const optionalCents = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : v),
  dollarsToCents.nullable(),
);

/** An empty field is absent. */
const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const settingsSchema = z
  .object({
    escrowBase: dollarsToCents,
    escrowPerThousand: dollarsToCents,
    reconveyancePerLoan: optionalCents,
    notaryCourier: optionalCents,
    nhdReport: optionalCents,
    homeWarranty: optionalCents,
    /**
     * The buyer's broker compensation a buyer agreement is prepared with (app/lib/buyer-compensation.ts): an amount
     * or a percentage with an optional cap; all empty: none (staff give it on each agreement).
     */
    compensationType: z.preprocess(
      blank,
      z.enum(COMPENSATION_TYPES, { message: 'Choose "Amount" or "Percentage"' }).optional(),
    ),
    compensationValue: z.preprocess(blank, z.string().max(20).optional()),
    compensationCap: z.preprocess(blank, z.string().max(20).optional()),
  })
  .merge(routingSchema)
  .superRefine((v, ctx) => {
    if (!v.compensationType && !v.compensationValue) return;
    const parsed = compensationSchema.safeParse({
      type: v.compensationType,
      value: v.compensationValue,
      cap: v.compensationCap,
    });
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const at =
          issue.path[0] === "cap"
            ? "compensationCap"
            : issue.path[0] === "type"
              ? "compensationType"
              : "compensationValue";
        ctx.addIssue({ code: "custom", path: [at], message: issue.message });
      }
  })
  .transform((v) => ({
    costs: {
      escrow: { baseCents: v.escrowBase, perThousandCents: v.escrowPerThousand },
      reconveyancePerLoanCents: v.reconveyancePerLoan,
      notaryCourierCents: v.notaryCourier,
      nhdReportCents: v.nhdReport,
      homeWarrantyCents: v.homeWarranty,
    },
    routing: { mode: v.routing, claimMinutes: v.claimMinutes },
    agreements: {
      buyerCompensation:
        v.compensationType || v.compensationValue
          ? compensationSchema.parse({ type: v.compensationType, value: v.compensationValue, cap: v.compensationCap })
          : null,
    },
  }));

export type SettingsValues = z.output<typeof settingsSchema>;
