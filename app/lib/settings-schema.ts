/**
 * The agency's settings form (/admin/settings): the escrow estimate as dollars (a base, and an amount per
 * $1,000 of the price), stored in cents; the seller's usual costs a net sheet leaves blank (each may be
 * empty: none); new leads' routing (`routing`) and first-to-claim's minutes; the buyer's broker compensation a
 * buyer agreement is prepared with.
 */
import { z } from "zod";
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

export const settingsSchema = z
  .object({
    escrowBase: dollarsToCents,
    escrowPerThousand: dollarsToCents,
    reconveyancePerLoan: optionalCents,
    notaryCourier: optionalCents,
    nhdReport: optionalCents,
    homeWarranty: optionalCents,
    /** The buyer's broker compensation a buyer agreement is prepared with; empty: staff type it each time. */
    buyerBrokerCompensation: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z.string().trim().max(200, "At most 200 characters").optional(),
    ),
  })
  .merge(routingSchema)
  .transform((v) => ({
    costs: {
      escrow: { baseCents: v.escrowBase, perThousandCents: v.escrowPerThousand },
      reconveyancePerLoanCents: v.reconveyancePerLoan,
      notaryCourierCents: v.notaryCourier,
      nhdReportCents: v.nhdReport,
      homeWarrantyCents: v.homeWarranty,
    },
    routing: { mode: v.routing, claimMinutes: v.claimMinutes },
    agreements: { buyerBrokerCompensation: v.buyerBrokerCompensation ?? null },
  }));

export type SettingsValues = z.output<typeof settingsSchema>;
