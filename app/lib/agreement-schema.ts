/**
 * The agreements' forms and the API's bodies (docs/agreements.md): one schema each for preparing an
 * agreement, a consent, a signature, a decline, a template's new version and a listing started on the site.
 * The prepare form's flat fields (`field.clientNames`, `cosignerName`) become the API's shape in
 * `prepareFromForm`.
 */
import { z } from "zod";
import { BUYER_ENTITIES, LEGAL_TEXT_KINDS, SIGNER_ROLES, TEMPLATE_KINDS } from "~/domain/enums";
import { COMPUTED_FIELDS, TEMPLATE_FIELDS } from "~/lib/agreement-template";
import { compensationFromForm, compensationSchema } from "~/lib/buyer-compensation";
import { AGREE_LABEL, isLegalName } from "~/lib/agreement-rules";
import { blankToUndefined, MAX_LENGTH, numberInput } from "~/lib/form-values";
import { parsePlainDate } from "~/lib/plain-date";

const checkbox = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const plainDate = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ invalid_type_error: message })
      .refine((v) => parsePlainDate(v) === v, message)
      .optional(),
  );

const id = z.preprocess(
  blankToUndefined,
  z.coerce.number({ invalid_type_error: "Invalid id" }).int("Invalid id").positive("Invalid id").optional(),
);

export const signerSchema = z.object({
  name: z.string({ required_error: "Name the signer" }).trim().min(1, "Name the signer").max(MAX_LENGTH.name),
  email: z
    .string({ required_error: "Enter the signer's e-mail address" })
    .trim()
    .toLowerCase()
    .max(MAX_LENGTH.email)
    .regex(EMAIL, "Enter an e-mail address such as name@example.com"),
  role: z.enum(SIGNER_ROLES, { errorMap: () => ({ message: "A signer is a client, a co-signer or the agent" }) }),
});
export type SignerInput = z.infer<typeof signerSchema>;

/**
 * The template's typed fields. The computed ones are not typed (the notice in force, the term's note, the
 * compensation written out from `compensation`): a buyer's broker compensation given as text is refused, naming
 * `compensation` (NAR's practice rules: an amount or a rate that can be worked out).
 */
const fieldValues = z
  .record(z.string().trim().max(MAX_LENGTH.address, `At most ${MAX_LENGTH.address} characters`))
  .default({})
  .superRefine((values, ctx) => {
    if (values.buyerBrokerCompensation?.trim()) {
      ctx.addIssue({
        code: "custom",
        path: ["buyerBrokerCompensation"],
        message:
          'Give the compensation as "compensation": { "type": "amount" | "percent", "value", "cap"? }, not as text',
      });
    }
  })
  .transform((values) => {
    const typed = new Set<string>(
      TEMPLATE_FIELDS.map((f) => f.name).filter((n) => !(COMPUTED_FIELDS as readonly string[]).includes(n)),
    );
    return Object.fromEntries(Object.entries(values).filter(([name]) => typed.has(name)));
  });

/** A listing's protection period after its term, in days (0: none). */
const protectionDays = z.preprocess(
  (v) => (v === "" || v === undefined || v === null ? undefined : typeof v === "string" ? Number(v) : v),
  z
    .number({ invalid_type_error: "Enter the protection period in days" })
    .int("Enter whole days")
    .min(0, "At least 0 days")
    .max(365, "At most 365 days")
    .optional(),
);

const buyerEntity = z.preprocess(
  blankToUndefined,
  z
    .enum(BUYER_ENTITIES, {
      errorMap: () => ({ message: "Choose who buys: a person, a corporation, an LLC, a partnership or a trust" }),
    })
    .optional(),
);

/** POST /api/transactions/{id}/agreements, and the prepare form once flattened. */
export const prepareAgreementSchema = z
  .object({
    templateId: id,
    documentId: id,
    startsOn: plainDate("Enter a real date (YYYY-MM-DD)"),
    endsOn: plainDate("Enter a real date (YYYY-MM-DD)"),
    fields: fieldValues,
    signers: z.array(signerSchema).max(6, "At most six signers").default([]),
    /** A buyer agreement's compensation, structured (app/lib/buyer-compensation.ts); a string is a 400. */
    compensation: compensationSchema.optional(),
    buyerEntity,
    protectionDays,
  })
  .refine((v) => (v.templateId === undefined) !== (v.documentId === undefined), {
    message: "Choose a template or a document of the transaction",
    path: ["templateId"],
  });
export type PrepareAgreementInput = z.infer<typeof prepareAgreementSchema>;

/** The prepare form's flat fields in the API's shape: `field.*` the template's fields, a co-signer, the signers. */
export function prepareFromForm(form: FormData, client: { name: string; email: string }): Record<string, unknown> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (key.startsWith("field.") && typeof value === "string") fields[key.slice(6)] = value;
  }
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value.trim() : "";
  };
  const signers: Array<Record<string, string>> = [
    { name: text("clientName") || client.name, email: client.email, role: "client" },
  ];
  if (text("cosignerName") || text("cosignerEmail")) {
    signers.push({ name: text("cosignerName"), email: text("cosignerEmail"), role: "cosigner" });
  }
  return {
    templateId: text("documentId") ? undefined : text("templateId") || undefined,
    documentId: text("documentId") || undefined,
    startsOn: text("startsOn") || undefined,
    endsOn: text("endsOn") || undefined,
    fields,
    signers,
    compensation: compensationFromForm(form),
    buyerEntity: text("buyerEntity") || undefined,
    protectionDays: text("protectionDays") || undefined,
  };
}

/** The words a signer ticks to consent (the page's box; the API's `consent: true`). */
export const CONSENT_LABEL = "I have read the disclosure above and consent to sign electronically";

/**
 * POST /api/agreements/{id}/consent: a consent is recorded only when it is given (`consent: true`, or the box
 * ticked); anything else, a missing or false one, is a 400 and changes nothing.
 */
export const consentSchema = z.object({
  consent: z.preprocess(
    (v) => (v === "on" || v === "true" ? true : v),
    z.literal(true, {
      errorMap: () => ({ message: `Tick "${CONSENT_LABEL}" to consent, or sign on paper` }),
    }),
  ),
  agencyDisclosure: checkbox.optional(),
});

/** The words a signer ticks to acknowledge the agency disclosure (the page's box; the API's `acknowledge: true`). */
export const AGENCY_ACK_LABEL = "I acknowledge that I received and read this disclosure";

/** POST /api/agreements/{id}/agency-disclosure: the acknowledgment of the version shown; anything else is a 400. */
export const agencyAckSchema = z.object({
  acknowledge: z.preprocess(
    (v) => (v === "on" || v === "true" ? true : v),
    z.literal(true, { errorMap: () => ({ message: `Tick "${AGENCY_ACK_LABEL}"` }) }),
  ),
});

/** POST /api/agreements/{id}/sign. */
export const signSchema = z.object({
  typedName: z
    .string({ required_error: "Type your full name" })
    .trim()
    .min(1, "Type your full name")
    .max(MAX_LENGTH.name),
  agree: checkbox.refine((v) => v, `Tick "${AGREE_LABEL}"`),
});

/** POST /api/agreements/{id}/resend (staff): the co-signer who gets a new link. */
export const resendSchema = z.object({
  signerId: z.coerce.number({ invalid_type_error: "Choose the co-signer" }).int().positive("Choose the co-signer"),
});

/** POST /api/agreements/{id}/decline. */
export const declineSchema = z.object({
  reason: z
    .string({ required_error: "Say why you decline" })
    .trim()
    .min(1, "Say why you decline")
    .max(1000, "At most 1000 characters"),
});

/** A template's new version (/admin/agreements). */
export const templateSchema = z.object({
  kind: z.enum(TEMPLATE_KINDS),
  name: z.string({ required_error: "Name the template" }).trim().min(1, "Name the template").max(MAX_LENGTH.name),
  body: z
    .string({ required_error: "Write the agreement's text" })
    .trim()
    .min(1, "Write the agreement's text")
    .max(50_000, "At most 50,000 characters"),
});

/** The E-SIGN disclosure's new version (/admin/agreements). */
export const disclosureSchema = z.object({
  body: z
    .string({ required_error: "Write the disclosure's text" })
    .trim()
    .min(1, "Write the disclosure's text")
    .max(20_000, "At most 20,000 characters"),
});

/** A legal text's next version (/admin/agreements): its text and where it was read. */
export const legalTextSchema = z.object({
  kind: z.enum(LEGAL_TEXT_KINDS),
  body: z
    .string({ required_error: "Write the text" })
    .trim()
    .min(1, "Write the text")
    .max(30_000, "At most 30,000 characters"),
  source: z
    .string({ required_error: "Name the source: the statute, its address and the day you read it" })
    .trim()
    .min(1, "Name the source: the statute, its address and the day you read it")
    .max(1000, "At most 1,000 characters"),
});

/** How many sellers on title besides the one starting (the form's rows). */
export const MAX_CO_SELLERS = 3;

/** Listing terms a seller may choose on the site. */
export const LISTING_TERMS = [3, 6, 9, 12] as const;
export const MAX_LISTING_PRICE = 100_000_000;

/** A person's full legal name as they type it to sign: a given name and a family name. */
export const legalName = z
  .string({ required_error: "Enter your full legal name" })
  .trim()
  .max(MAX_LENGTH.name, `At most ${MAX_LENGTH.name} characters`)
  .refine(isLegalName, "Enter your full legal name: your given name and your family name");

/** /start-listing: the seller's legal name, the home, its price and the listing's term. */
export const startListingSchema = z.object({
  sellerName: legalName,
  address: z
    .string({ required_error: "Enter the home's address" })
    .trim()
    .min(5, "Enter the home's address")
    .max(MAX_LENGTH.address, `At most ${MAX_LENGTH.address} characters`),
  price: z.preprocess(
    numberInput,
    z
      .number({
        required_error: "Enter the list price in whole dollars",
        invalid_type_error: "Enter the list price in whole dollars",
      })
      .int("Enter the list price in whole dollars")
      .min(1000, "Enter the list price in whole dollars")
      .max(MAX_LISTING_PRICE, "Enter a price up to $100,000,000"),
  ),
  termMonths: z.preprocess(
    (v) => (typeof v === "string" ? Number(v) : v),
    z
      .number({ invalid_type_error: "Choose the listing's term" })
      .refine((v) => (LISTING_TERMS as readonly number[]).includes(v), "Choose the listing's term"),
  ),
  /**
   * The other sellers on title: each signs with a link of their own (the agreement needs every seller). The form's
   * rows (`coSellers[0].name`, `coSellers[0].email`) left blank are none.
   */
  coSellers: z.preprocess(
    (v) =>
      Array.isArray(v)
        ? v.filter(
            (row) =>
              row && typeof row === "object" && Object.values(row as object).some((x) => x !== undefined && x !== ""),
          )
        : v,
    z
      .array(
        z.object({
          name: legalName,
          email: z
            .string({ required_error: "Enter their e-mail address" })
            .trim()
            .toLowerCase()
            .max(MAX_LENGTH.email)
            .regex(EMAIL, "Enter an e-mail address such as name@example.com"),
        }),
      )
      .max(MAX_CO_SELLERS, `At most ${MAX_CO_SELLERS} other sellers`)
      .default([])
      .superRefine((list, ctx) => {
        const emails = list.map((s) => s.email);
        if (new Set(emails).size !== emails.length)
          ctx.addIssue({ code: "custom", message: "Each seller has an e-mail address of their own" });
      }),
  ),
});

/** A signer of an agreement signed on paper: their full legal name, and their e-mail if known. */
const paperSigner = z.object({
  name: legalName,
  email: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .toLowerCase()
      .max(MAX_LENGTH.email)
      .regex(EMAIL, "Enter an e-mail address such as name@example.com")
      .optional(),
  ),
});

/**
 * POST /api/transactions/{id}/agreements/record and the workspace's "Record a paper agreement": an uploaded
 * document of the transaction as the listing or buyer agreement in force (app/models/agreement-record.server.ts).
 */
export const recordAgreementSchema = z
  .object({
    documentId: z.coerce
      .number({ required_error: "Choose the signed document", invalid_type_error: "Choose the signed document" })
      .int()
      .positive("Choose the signed document"),
    kind: z.enum(["listing", "buyer"], { errorMap: () => ({ message: 'Choose "listing" or "buyer"' }) }),
    startsOn: z
      .string({ required_error: "Enter the day it starts" })
      .refine((v) => parsePlainDate(v) === v, "Enter a real date (YYYY-MM-DD)"),
    endsOn: z
      .string({ required_error: "Enter the day it ends" })
      .refine((v) => parsePlainDate(v) === v, "Enter a real date (YYYY-MM-DD)"),
    compensation: compensationSchema,
    buyerEntity,
    protectionDays,
    signers: z
      .array(paperSigner, { required_error: "Name who signed" })
      .min(1, "Name who signed")
      .max(6, "At most six signers"),
  })
  .strict();
export type RecordAgreementInput = z.infer<typeof recordAgreementSchema>;

/** The record form's flat fields in the API's shape (`signerName1`, `signerEmail1`, ...). */
export function recordFromForm(form: FormData): Record<string, unknown> {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value.trim() : "";
  };
  const signers: Array<Record<string, string>> = [];
  for (let i = 1; i <= 4; i++) {
    if (text(`signerName${i}`) || text(`signerEmail${i}`))
      signers.push({ name: text(`signerName${i}`), email: text(`signerEmail${i}`) });
  }
  return {
    documentId: text("documentId") || undefined,
    kind: text("kind") || undefined,
    startsOn: text("startsOn") || undefined,
    endsOn: text("endsOn") || undefined,
    compensation: compensationFromForm(form),
    buyerEntity: text("buyerEntity") || undefined,
    protectionDays: text("protectionDays") || undefined,
    signers,
  };
}

/** POST /api/agreements/{id}/protection-list: the buyers shown the home during the term, one name each. */
export const protectionListSchema = z.object({
  names: z
    .array(z.string().trim().min(1, "Name each buyer").max(MAX_LENGTH.name), { required_error: "Name the buyers" })
    .min(1, "Name at least one buyer")
    .max(100, "At most 100 names"),
});
export type StartListingInput = z.infer<typeof startListingSchema>;
