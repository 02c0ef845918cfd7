/**
 * An offer's forms and the API's bodies (docs/decisions/029-offers.md): one schema each for the terms of a
 * round, a new offer and an event. Money in whole dollars as people type it ("850,000", "$12,000"); days
 * after acceptance; a contingency of 0 days is waived; an expiry is a date and time in San Diego (a form's
 * "2026-12-01T17:00") or an instant with its offset (the API's ISO 8601). A bad field is its own message.
 */
import { z } from "zod";
import { FINANCING_TYPES, OFFER_MOVES, PARTIES, OFFER_WISHES, type Financing } from "~/domain/enums";
import { DEFAULT_DAYS, MAX_DEADLINE_DAYS } from "~/lib/deadlines";
import { blankToUndefined, MAX_LENGTH, numberInput } from "~/lib/form-values";
import { amountOf, basisPointsOf, centsOf } from "~/lib/money";
import { AGENCY_TIME_ZONE, parsePlainDate } from "~/lib/plain-date";
import { TZDate } from "@date-fns/tz";

/** The highest price an offer takes, as an estimate's ($100,000,000). */
export const MAX_OFFER_DOLLARS = 100_000_000;
/** A new offer's close of escrow when none is given (the RPA's default). */
export const DEFAULT_CLOSE_OF_ESCROW_DAYS = 30;

export const OFFER_MESSAGES = {
  price: "Enter the price in whole dollars, above $0",
  dollars: "Enter whole dollars, 0 or more",
  percent: "Enter a percentage from 0 to 100",
  days: `Enter whole days from 0 to ${MAX_DEADLINE_DAYS}`,
  closeDays: `Enter whole days from 1 to ${MAX_DEADLINE_DAYS}`,
  expiresAt: "Enter a date and time (San Diego) such as 2026-12-01 17:00",
  financing: "Choose how the buyer pays",
  buyerName: "Name the buyer",
  listing: "Choose one of your saved homes",
  note: `At most ${MAX_LENGTH.text} characters`,
  acceptedOn: "Enter a real date (YYYY-MM-DD)",
  agentEmail: "Enter an e-mail address such as agent@brokerage.com",
  agentPay: "Enter whole dollars, or a percentage of the price such as 2.5%",
} as const;

export const FINANCING_LABELS: Record<Financing, string> = {
  cash: "Cash",
  conventional: "Conventional loan",
  fha: "FHA loan",
  va: "VA loan",
  other: "Other",
};

/** Whole dollars as typed, in cents. */
const dollars = (message: string, min = 0) =>
  z.preprocess(
    numberInput,
    z
      .number({ invalid_type_error: message, required_error: message })
      .int(message)
      .min(min, message)
      .max(MAX_OFFER_DOLLARS, message)
      .transform(centsOf),
  );

const days = (min = 0) =>
  z.preprocess(
    numberInput,
    z
      .number({ invalid_type_error: min ? OFFER_MESSAGES.closeDays : OFFER_MESSAGES.days })
      .int(min ? OFFER_MESSAGES.closeDays : OFFER_MESSAGES.days)
      .min(min, min ? OFFER_MESSAGES.closeDays : OFFER_MESSAGES.days)
      .max(MAX_DEADLINE_DAYS, min ? OFFER_MESSAGES.closeDays : OFFER_MESSAGES.days),
  );

const percent = z.preprocess(
  (v) => numberInput(typeof v === "string" ? v.replace(/%\s*$/, "") : v),
  z
    .number({ invalid_type_error: OFFER_MESSAGES.percent })
    .min(0, OFFER_MESSAGES.percent)
    .max(100, OFFER_MESSAGES.percent)
    .refine((v) => Number.isInteger(Math.round(v * 1e4) / 1e2), OFFER_MESSAGES.percent)
    .transform(basisPointsOf),
);

const LOCAL = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})$/;
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** "2026-12-01T17:00" in San Diego, or an ISO instant with its offset; null when blank. */
export function parseExpiry(value: string): Date | undefined {
  const text = value.trim();
  const local = LOCAL.exec(text);
  if (local) {
    const [, date, hour, minute] = local;
    if (parsePlainDate(date!) !== date || Number(hour) > 23 || Number(minute) > 59) return undefined;
    const [y, m, d] = date!.split("-").map(Number);
    return new Date(new TZDate(y!, m! - 1, d!, Number(hour), Number(minute), 0, AGENCY_TIME_ZONE).getTime());
  }
  if (!ZONED.test(text) || parsePlainDate(text.slice(0, 10)) !== text.slice(0, 10)) return undefined;
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

const localFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: AGENCY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
/** An instant as a form's date and time in San Diego ("2026-12-01T17:00"). */
export function expiryInput(instant: Date | null): string {
  if (!instant) return "";
  const parts = Object.fromEntries(localFormat.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

const expiresAt = z.preprocess(
  (v) => {
    if (blankToUndefined(v) === undefined) return null;
    if (v instanceof Date) return v;
    return typeof v === "string" ? (parseExpiry(v) ?? "invalid") : "invalid";
  },
  z.date({ invalid_type_error: OFFER_MESSAGES.expiresAt }).nullable(),
);

const note = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() || null : (v ?? null)),
  z.string({ invalid_type_error: OFFER_MESSAGES.note }).max(MAX_LENGTH.text, OFFER_MESSAGES.note).nullable(),
);

const contingencyFields = { investigation: days(), appraisal: days(), loan: days() };

/** Every term of a round, as stored (app/db/schema/offers.ts offer_rounds): money in cents. */
export type Terms = {
  priceCents: number;
  financing: Financing;
  /** Hundredths of a percent (20 % = 2000). */
  downPaymentBasisPoints: number;
  depositCents: number;
  closeOfEscrowDays: number;
  contingencies: { investigation: number; appraisal: number; loan: number };
  sellerCreditCents: number;
  /** In cents: the share of the price when given as one (`buyerAgentPayMilli`), else the amount given. */
  buyerAgentPayCents: number;
  /** The pay as a share of the price, thousandths of a percent (2.5 % = 2500); null: given in dollars. */
  buyerAgentPayMilli: number | null;
  expiresAt: Date | null;
  note: string | null;
};

/** The buyer's agent pay as typed: "2.5%" (a share of the price) or whole dollars ("12,000"). */
const agentPay = z.preprocess(
  blankToUndefined,
  z
    .union([z.string(), z.number()])
    .transform((v, ctx): { percentMilli: number } | { cents: number } => {
      const text = typeof v === "string" ? v.trim() : null;
      if (text?.endsWith("%")) {
        const value = numberInput(text.slice(0, -1).trim());
        if (typeof value === "number" && value >= 0 && value <= 100 && Number.isInteger(Math.round(value * 1e6) / 1e3))
          return { percentMilli: Math.round(value * 1000) };
        ctx.addIssue({ code: "custom", message: OFFER_MESSAGES.agentPay });
        return z.NEVER;
      }
      const parsed = dollars(OFFER_MESSAGES.agentPay).safeParse(v);
      if (parsed.success) return { cents: parsed.data };
      ctx.addIssue({ code: "custom", message: OFFER_MESSAGES.agentPay });
      return z.NEVER;
    })
    .optional(),
);

/** The terms a round changes (a counter's), or every term but the price (a new offer, with defaults). */
const termsPatchSchema = z.object({
  price: dollars(OFFER_MESSAGES.price, 1).optional(),
  financing: z.preprocess(blankToUndefined, z.enum(FINANCING_TYPES, { message: OFFER_MESSAGES.financing }).optional()),
  downPaymentPercent: z.preprocess(blankToUndefined, percent.optional()),
  deposit: z.preprocess(blankToUndefined, dollars(OFFER_MESSAGES.dollars).optional()),
  closeOfEscrowDays: z.preprocess(blankToUndefined, days(1).optional()),
  contingencies: z
    .object({
      investigation: z.preprocess(blankToUndefined, contingencyFields.investigation.optional()),
      appraisal: z.preprocess(blankToUndefined, contingencyFields.appraisal.optional()),
      loan: z.preprocess(blankToUndefined, contingencyFields.loan.optional()),
    })
    .optional(),
  sellerCredit: z.preprocess(blankToUndefined, dollars(OFFER_MESSAGES.dollars).optional()),
  buyerAgentPay: agentPay,
  expiresAt: expiresAt.optional(),
  note: note.optional(),
});
export type TermsPatch = z.output<typeof termsPatchSchema>;

/** A round's terms: the round before it (or the defaults) with what this one gives. */
export function mergeTerms(before: Terms | null, patch: TermsPatch, priceCents?: number): Terms {
  const base: Omit<Terms, "priceCents"> = before ?? {
    financing: "conventional",
    downPaymentBasisPoints: 2000,
    depositCents: 0,
    closeOfEscrowDays: DEFAULT_CLOSE_OF_ESCROW_DAYS,
    contingencies: {
      investigation: DEFAULT_DAYS.investigation_contingency,
      appraisal: DEFAULT_DAYS.appraisal_contingency,
      loan: DEFAULT_DAYS.loan_contingency,
    },
    sellerCreditCents: 0,
    buyerAgentPayCents: 0,
    buyerAgentPayMilli: null,
    expiresAt: null,
    note: null,
  };
  const financing = patch.financing ?? base.financing;
  const cash = financing === "cash";
  const price = patch.price ?? priceCents ?? before?.priceCents ?? 0;
  // A share of the price follows the price of the round; dollars stay dollars.
  const pay =
    patch.buyerAgentPay ??
    (base.buyerAgentPayMilli === null ? { cents: base.buyerAgentPayCents } : { percentMilli: base.buyerAgentPayMilli });
  return {
    priceCents: price,
    financing,
    downPaymentBasisPoints: cash ? 10_000 : (patch.downPaymentPercent ?? base.downPaymentBasisPoints),
    depositCents: patch.deposit ?? base.depositCents,
    closeOfEscrowDays: patch.closeOfEscrowDays ?? base.closeOfEscrowDays,
    contingencies: {
      investigation: patch.contingencies?.investigation ?? base.contingencies.investigation,
      appraisal: patch.contingencies?.appraisal ?? base.contingencies.appraisal,
      // A cash offer has no loan to be contingent on.
      loan: cash ? 0 : (patch.contingencies?.loan ?? base.contingencies.loan),
    },
    sellerCreditCents: patch.sellerCredit ?? base.sellerCreditCents,
    buyerAgentPayCents: amountOf(pay, price),
    buyerAgentPayMilli: "cents" in pay ? null : pay.percentMilli,
    // A counter's time to answer and note are its own: never carried over from the round before.
    expiresAt: patch.expiresAt === undefined ? null : patch.expiresAt,
    note: patch.note === undefined ? null : patch.note,
  };
}

const optionalName = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() || undefined : v),
  z.string().max(MAX_LENGTH.name, `At most ${MAX_LENGTH.name} characters`).optional(),
);
/** The other side's agent's e-mail (the buyer's agent on a sale, the listing agent on a purchase), if known. */
const agentEmail = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toLowerCase() || undefined : (v ?? undefined)),
  z
    .string({ invalid_type_error: OFFER_MESSAGES.agentEmail })
    .email(OFFER_MESSAGES.agentEmail)
    .max(MAX_LENGTH.email, OFFER_MESSAGES.agentEmail)
    .optional(),
);

const optionalId = z.preprocess(
  blankToUndefined,
  z.coerce.number({ invalid_type_error: "Invalid id" }).int("Invalid id").positive("Invalid id").optional(),
);

/** A new offer: its first round's terms (the price required), and who or what it is for. */
export const newOfferSchema = termsPatchSchema
  .extend({
    price: dollars(OFFER_MESSAGES.price, 1),
    buyerName: optionalName,
    buyerAgent: optionalName,
    agentEmail,
    listingId: optionalId,
    /** Staff share it with the client at once (else later). */
    shared: z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean()).optional(),
    documentIds: z.preprocess(
      (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
      z.array(z.coerce.number().int().positive("Invalid id")).max(20, "At most 20 documents"),
    ),
  })
  .transform(({ buyerName, buyerAgent, agentEmail, listingId, shared, documentIds, ...terms }) => ({
    buyerName,
    buyerAgent,
    agentEmail,
    listingId,
    shared,
    documentIds,
    terms: mergeTerms(null, terms, terms.price),
  }));

const acceptedOn = z.preprocess(
  blankToUndefined,
  z
    .string({ invalid_type_error: OFFER_MESSAGES.acceptedOn })
    .refine((v) => parsePlainDate(v) === v && v >= "2000-01-01" && v <= "2099-12-31", OFFER_MESSAGES.acceptedOn)
    .optional(),
);

/** `POST /api/offers/{id}/events` and the Offers section's forms. */
export const offerEventSchema = z.object({
  type: z.enum(OFFER_MOVES, { message: `Choose one of ${OFFER_MOVES.join(", ")}` }),
  roundId: optionalId,
  by: z.preprocess(blankToUndefined, z.enum(PARTIES, { message: 'Choose "buyer" or "seller"' }).optional()),
  multiple: z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean()).optional(),
  terms: termsPatchSchema.optional(),
  acceptedOn,
  note: note.optional(),
  agentEmail,
  wish: z.preprocess(
    blankToUndefined,
    z.enum(OFFER_WISHES, { message: "Choose accept, counter or decline" }).optional(),
  ),
  documentIds: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? undefined : Array.isArray(v) ? v : [v]),
    z.array(z.coerce.number().int().positive("Invalid id")).max(20, "At most 20 documents").optional(),
  ),
  /** An acceptance on a sale: the other open offers kept as backups, in this order (the rest are rejected). */
  backups: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? undefined : Array.isArray(v) ? v : [v]),
    z.array(z.coerce.number().int().positive("Invalid id")).max(50, "At most 50 backups").optional(),
  ),
  /** An acceptance the client's latest answer disagrees with, confirmed. */
  confirmed: z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean()).optional(),
});
export type OfferEventInput = z.output<typeof offerEventSchema>;
