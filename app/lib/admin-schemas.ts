/** Forms of the admin area (the milestone update of docs/spec.md §5, transactions, leads, campaigns, the e-mail log): one schema for the browser, the action and the API. */
import { overrideReason } from "~/lib/checklist-schema";
import { z } from "zod";
import { assignmentSchema } from "~/lib/team-schema";
import {
  EMAIL_KINDS,
  EMAIL_STATUSES,
  LEAD_STATUSES,
  MILESTONE_STATUSES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from "~/domain/enums";
import {
  blankToUndefined,
  idField,
  isHttpUrl,
  MAX_LENGTH,
  moneyDigits,
  pageField,
  searchText,
} from "~/lib/form-values";

const httpUrl = z
  .string()
  .trim()
  .max(MAX_LENGTH.url)
  .url("Enter a valid URL")
  .refine(isHttpUrl, "The URL must start with http:// or https://");

const milestoneStatus = z.enum(MILESTONE_STATUSES, {
  errorMap: () => ({ message: "Choose Not Started, In Progress, Completed or Action Required" }),
});
const milestoneNotes = z.string().trim().max(MAX_LENGTH.text);

/** A blank string is "not given"; null stays null (it clears the field). */
const blankStringToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/**
 * PATCH /api/milestones/{id} (docs/spec.md §5): adminNotes and documentUrl are trimmed and change only
 * when sent non-empty; null clears one.
 */
export const milestoneUpdateSchema = z.object({
  status: milestoneStatus,
  adminNotes: z.preprocess(blankStringToUndefined, milestoneNotes.nullable().optional()),
  documentUrl: z.preprocess(blankStringToUndefined, httpUrl.nullable().optional()),
});
export type MilestoneUpdate = z.infer<typeof milestoneUpdateSchema>;

/** Blank or absent is null: the Update Milestone form shows the current values, so an emptied field clears. */
const blankToNull = (v: unknown) => blankToUndefined(v) ?? null;

export const initializeSchema = z.object({
  type: z.preprocess(blankToUndefined, z.enum(TRANSACTION_TYPES).optional()),
});

const optionalHomeValue = z.preprocess(
  (v) => (blankToUndefined(v) === undefined ? undefined : moneyDigits(v)),
  z
    .string()
    .regex(/^\d{1,12}$/, "Enter the value in whole dollars")
    .refine((v) => Number(v) > 0, "Enter the value in whole dollars")
    .optional(),
);
const searchArea = z.preprocess(
  blankToUndefined,
  z.string().trim().max(MAX_LENGTH.address, `At most ${MAX_LENGTH.address} characters`).optional(),
);
const optionalAddress = z.preprocess(
  blankToUndefined,
  z.string().trim().max(MAX_LENGTH.address, `At most ${MAX_LENGTH.address} characters`).optional(),
);

/**
 * What a transaction's home needs by its side: a sale its address and value; a purchase its address or the area
 * searched ("North Park, under $900,000"; the address comes with the accepted offer).
 */
function homeIssues(
  v: { type?: "buying" | "selling"; propertyAddress?: string; homeValue?: string; searchArea?: string },
  ctx: z.RefinementCtx,
) {
  if (v.type === "selling") {
    if (!v.propertyAddress)
      ctx.addIssue({ code: "custom", path: ["propertyAddress"], message: "Property address is required" });
    if (!v.homeValue) ctx.addIssue({ code: "custom", path: ["homeValue"], message: "Home value is required" });
  } else if (v.type === "buying" && !v.propertyAddress && !v.searchArea) {
    const message = "Enter the home's address, or the area the client is searching";
    ctx.addIssue({ code: "custom", path: ["propertyAddress"], message });
    ctx.addIssue({ code: "custom", path: ["searchArea"], message });
  }
}

export const newTransactionSchema = z
  .object({
    /** Set when the transaction is opened from a lead (Open transaction): the lead becomes converted. */
    leadId: z.preprocess(blankToUndefined, idField.optional()),
    email: z.string({ required_error: "Required" }).trim().toLowerCase().email().max(MAX_LENGTH.email),
    firstName: z.preprocess(blankToUndefined, z.string().trim().max(MAX_LENGTH.name).optional()),
    lastName: z.preprocess(blankToUndefined, z.string().trim().max(MAX_LENGTH.name).optional()),
    type: z.enum(TRANSACTION_TYPES, { errorMap: () => ({ message: "Choose Buying or Selling" }) }),
    propertyAddress: optionalAddress,
    /** A purchase without a home yet: the area searched. */
    searchArea,
    homeValue: optionalHomeValue,
    tier: z.preprocess(
      (v) => (blankToUndefined(v) === undefined ? undefined : Number(v)),
      z.number().int().min(1).max(3).optional(),
    ),
    /** "Set up the milestones now" (checked on the form): the standard steps are created with it. */
    setUpMilestones: z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean()).optional(),
  })
  .superRefine(homeIssues);
export type NewTransaction = z.infer<typeof newTransactionSchema>;

/** The year the home was built: four digits, not in the future; blank is unknown. */
export const yearBuiltSchema = z.preprocess(
  (v) => (v === "" || v === undefined ? undefined : v === null ? null : v),
  z.coerce
    .number({ invalid_type_error: "Enter the year built (four digits)" })
    .int("Enter the year built (four digits)")
    .min(1700, "Enter the year built (four digits)")
    .max(2100, "Enter the year built (four digits)")
    .nullable()
    .optional(),
);
const transactionType = z.enum(TRANSACTION_TYPES, { errorMap: () => ({ message: "Choose Buying or Selling" }) });
const transactionStatus = z.enum(TRANSACTION_STATUSES, {
  errorMap: () => ({ message: "Choose Active, Completed or Cancelled" }),
});
/**
 * The workspace overview's "Transaction details" (the type may be left out: it stays as it is). What a side needs (a sale:
 * its address and value) is checked with the transaction's type by the model (app/models/transaction-edit.server.ts).
 */
export const editTransactionSchema = z.object({
  propertyAddress: optionalAddress,
  searchArea,
  homeValue: optionalHomeValue,
  /** The price it closed at: a sold home's saving is computed from it (else from the home value). */
  closingPrice: optionalHomeValue,
  status: transactionStatus,
  type: transactionType.optional(),
  /** The broker's written reason to complete a file that is not complete, or whose agent's license lapsed. */
  override: overrideReason,
  yearBuilt: yearBuiltSchema,
});
export type EditTransaction = z.infer<typeof editTransactionSchema>;

/**
 * `PATCH /api/transactions/{id}`: any of the details' fields and the assignment, each only when given; any other
 * field is refused (400), never ignored.
 */
/**
 * The commission's terms of a transaction (docs/payouts.md): a referring broker (name, DRE license, percent
 * of the gross) or null for none, and the escrow officer's e-mail (blank: none).
 */
export const referralSchema = z
  .object({
    broker: z
      .string({ required_error: "Enter the referring broker's name" })
      .trim()
      .min(1, "Enter the referring broker's name")
      .max(MAX_LENGTH.name),
    license: z
      .string({ required_error: "Enter the referring broker's DRE license" })
      .trim()
      .regex(/^\d{8}$/, "Enter the referring broker's 8-digit DRE license"),
    percent: z.coerce
      .number({ invalid_type_error: "Enter the referral fee in percent of the gross, from 0 to 100" })
      .gt(0, "Enter the referral fee in percent of the gross, from 0 to 100")
      .max(100, "Enter the referral fee in percent of the gross, from 0 to 100"),
  })
  .strict()
  .nullable();
export const escrowEmailSchema = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toLowerCase() || null : v),
  z.string().email("Enter the escrow officer's e-mail address").max(MAX_LENGTH.email).nullable(),
);
/** The escrow's number as escrow writes it (letters, digits, dashes); blank is none. */
export const escrowNumberSchema = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() || null : v),
  z
    .string()
    .max(40, "Enter the escrow number (at most 40 characters)")
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ./#-]*$/, "Enter the escrow number as escrow writes it (letters, digits, dashes)")
    .nullable(),
);
/** The parties' names as on the contract, one a line (or separated by semicolons); blank: read from the records. */
export const partyNamesSchema = z.preprocess(
  (v) =>
    typeof v === "string"
      ? v
          .split(/[\n;]/)
          .map((n) => n.trim())
          .filter(Boolean)
          .join("\n") || null
      : v,
  z.string().max(500, "Enter the names (at most 500 characters)").nullable(),
);
/** The broker's written reason to approve a CDA despite an agent's license (audited); blank is none. */
export const licenseOverrideSchema = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() || undefined : v),
  z.string().max(2000, "Write why (at most 2,000 characters)").optional(),
);
/** `POST /api/transactions/{id}/cda` and the workspace's "Approve and send": the escrow officer's e-mail, if new. */
export const cdaApproveSchema = z
  .object({ escrowEmail: escrowEmailSchema.optional(), override: licenseOverrideSchema })
  .strict();

export type CommissionTerms = {
  referral?: z.output<typeof referralSchema>;
  escrowEmail?: string | null;
  escrowNumber?: string | null;
  sellerNames?: string | null;
  buyerNames?: string | null;
};

export const transactionPatchSchema = z
  .object({
    propertyAddress: optionalAddress,
    searchArea,
    homeValue: optionalHomeValue,
    closingPrice: optionalHomeValue,
    status: transactionStatus.optional(),
    override: overrideReason,
    type: transactionType.optional(),
    assignedAgentId: assignmentSchema.shape.assignedAgentId.optional(),
    collaboratorIds: assignmentSchema.shape.collaboratorIds,
    referral: referralSchema.optional(),
    escrowEmail: escrowEmailSchema.optional(),
    escrowNumber: escrowNumberSchema.optional(),
    sellerNames: partyNamesSchema.optional(),
    buyerNames: partyNamesSchema.optional(),
    yearBuilt: yearBuiltSchema,
  })
  .strict();
export type TransactionPatch = z.output<typeof transactionPatchSchema>;

/** The Update Milestone form: which milestone, its status, and its notes and document URL as they now read. */
export const milestoneFormSchema = z.object({
  milestoneId: idField,
  status: milestoneStatus,
  adminNotes: z.preprocess(blankToNull, milestoneNotes.nullable()),
  documentUrl: z.preprocess(blankToNull, httpUrl.nullable()),
});

export const TYPE_FILTERS = { all: "All Types", buying: "Buyers Only", selling: "Sellers Only" } as const;

/**
 * The dashboard's search (`/admin?q=&type=&page=`): read from the query, never
 * refused; what is not understood falls back to the default.
 */
export const adminSearchSchema = z.object({
  q: searchText,
  type: z.enum(["all", ...TRANSACTION_TYPES]).catch("all"),
  page: pageField,
});

/** A list's page (`?page=`). */
export const pageSchema = z.object({ page: pageField });

/** The query of a URL as a plain object for the schemas above. */
export const searchParamsObject = (url: string | URL) => Object.fromEntries(new URL(url).searchParams);

export const EMAIL_KIND_LABELS = {
  lead_alert: "Lead alert",
  drip: "Drip",
  client_notice: "Client notice",
  staff_notice: "Staff notice",
  deadline_reminder: "Deadline reminder",
  message: "Message",
  estimate: "Estimate",
  offer: "Offer",
  lead_email: "To a lead",
  agreement: "Agreement",
  showing: "Showing",
  backup: "Backup",
  review: "Review request",
  cda: "Commission disbursement authorization",
} as const;
export const EMAIL_STATUS_LABELS = { queued: "Queued", sent: "Sent", failed: "Failed" } as const;

/** The e-mail log's filter (`/admin/emails?status=&kind=&page=`); anything not understood means "all". */
export const emailLogSchema = z.object({
  status: z.enum(["all", ...EMAIL_STATUSES]).catch("all"),
  kind: z.enum(["all", ...EMAIL_KINDS]).catch("all"),
  /** One lead's e-mails (`?lead=ID`, from its page); anything but an id means every e-mail. */
  lead: idField.optional().catch(undefined),
  page: pageField,
});

export const LEAD_STATUS_LABELS = {
  new: "New",
  nurturing: "Nurturing",
  paused: "Paused",
  unsubscribed: "Unsubscribed",
  converted: "Converted",
  completed: "Completed",
} as const;

/** The leads list (`/admin/leads?q=&status=&sort=&page=`). */
export const leadSearchSchema = z.object({
  q: searchText,
  status: z.enum(["all", ...LEAD_STATUSES]).catch("all"),
  sort: z.enum(["newest", "score"]).catch("newest"),
  page: pageField,
});

/** Add note on a lead's page. */
/** An e-mail to a lead from its page ("E-mail the lead"): its subject and what it says. */
export const leadEmailSchema = z.object({
  subject: z
    .string({ required_error: "Write a subject" })
    .trim()
    .min(1, "Write a subject")
    .max(200, "At most 200 characters"),
  body: z.string({ required_error: "Write the e-mail" }).trim().min(1, "Write the e-mail").max(MAX_LENGTH.text),
});
export type LeadEmail = z.infer<typeof leadEmailSchema>;

export const leadNoteSchema = z.object({
  note: z.string({ required_error: "Write the note first" }).trim().min(1, "Write the note first").max(MAX_LENGTH.text),
});

const checkbox = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());

export const CAMPAIGN_TYPES = { buyer: "Buyer", seller: "Seller", general: "General" } as const;

/** Create and edit a campaign. */
export const campaignSchema = z.object({
  name: z.string({ required_error: "Name is required" }).trim().min(1, "Name is required").max(100),
  type: z.enum(["buyer", "seller", "general"], { errorMap: () => ({ message: "Choose Buyer, Seller or General" }) }),
  description: z.preprocess(blankToUndefined, z.string().trim().max(1000).optional()),
  isActive: checkbox.default(false),
});
export type CampaignInput = z.infer<typeof campaignSchema>;

/** Add and edit an e-mail of a campaign's sequence. */
export const campaignEmailSchema = z.object({
  subject: z.string({ required_error: "Subject is required" }).trim().min(1, "Subject is required").max(200),
  content: z.string({ required_error: "Content is required" }).trim().min(1, "Content is required").max(20_000),
  delayDays: z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
    z
      .number({ required_error: "Delay is required", invalid_type_error: "Enter a whole number of days" })
      .int("Enter a whole number of days")
      .min(0, "0 to 365 days")
      .max(365, "0 to 365 days"),
  ),
  isActive: checkbox.default(false),
});
export type CampaignEmailInput = z.infer<typeof campaignEmailSchema>;

export const campaignEmailFormSchema = campaignEmailSchema.extend({ emailId: idField });
export const campaignRefSchema = z.object({ campaignId: idField });
export const emailRefSchema = z.object({ emailId: idField });
export const moveSchema = z.object({ emailId: idField, direction: z.enum(["up", "down"]) });
