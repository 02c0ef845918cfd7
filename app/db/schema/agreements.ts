/**
 * Agreements signed in the portal or recorded from paper: templates, the E-SIGN and agency disclosures (legal
 * texts), agreements and their signers, listing starts.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  AGREEMENT_KINDS,
  AGREEMENT_SOURCES,
  BUYER_ENTITIES,
  LEGAL_TEXT_KINDS,
  SIGNER_ROLES,
  STORED_AGREEMENT_STATUSES,
  TEMPLATE_KINDS,
} from "~/domain/enums";
import { createdAt, serialId } from "~/db/schema/columns";
import { ownerRef, userRef } from "~/db/schema/people";
import { documents, transactions } from "~/db/schema/transactions";

/**
 * The brokerage's agreement templates (docs/agreements.md): each row one version, never changed; editing a
 * template adds the next version of its kind, and an agreement keeps the version it was made from.
 */
export const agreementTemplates = sqliteTable(
  "agreement_templates",
  {
    id: serialId(),
    kind: text("kind", { enum: TEMPLATE_KINDS }).notNull(),
    name: text("name").notNull(),
    version: integer("version").notNull(),
    /** Plain text with {{field}} places and **bold** lines (app/lib/agreement-template.ts). */
    body: text("body").notNull(),
    createdBy: userRef("created_by"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("agreement_templates_kind_version_idx").on(t.kind, t.version)],
);
export type AgreementTemplate = typeof agreementTemplates.$inferSelect;

/**
 * The E-SIGN consumer disclosure (15 U.S.C. §7001(c); app/lib/esign-disclosure.ts): each row one version, never
 * changed; a consent records the version it was given to (agreement_signers.consent_disclosure_id).
 */
export const consentDisclosures = sqliteTable(
  "consent_disclosures",
  {
    id: serialId(),
    version: integer("version").notNull(),
    body: text("body").notNull(),
    createdBy: userRef("created_by"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("consent_disclosures_version_idx").on(t.version)],
);
export type ConsentDisclosure = typeof consentDisclosures.$inferSelect;

/**
 * The texts the law writes (app/lib/legal-texts.ts): the agency disclosure of Civil Code §2079.16 and the notices
 * of Bus. & Prof. Code §10147.5, each row one version, never changed, with its source; the broker saves the next
 * when the law changes. An acknowledgment keeps the version read (agreement_signers.agency_disclosure_id); an
 * agreement the notice's words in its text.
 */
export const legalTexts = sqliteTable(
  "legal_texts",
  {
    id: serialId(),
    kind: text("kind", { enum: LEGAL_TEXT_KINDS }).notNull(),
    version: integer("version").notNull(),
    body: text("body").notNull(),
    /** The statute, its official address and the day it was read. */
    source: text("source").notNull(),
    createdBy: userRef("created_by"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("legal_texts_kind_version_idx").on(t.kind, t.version)],
);
export type LegalText = typeof legalTexts.$inferSelect;

/**
 * An agreement to sign (app/models/agreement-prepare.server.ts): from a template (its text made into the unsigned
 * PDF when prepared) or any PDF of the transaction. A listing started on the site has no transaction until
 * it is countersigned (`transaction_id` null; the listing's terms in `fields`). The unsigned PDF and the
 * sealed one are files of the store; the sealed one is also a document of the transaction.
 */
export const agreements = sqliteTable(
  "agreements",
  {
    id: serialId(),
    transactionId: integer("transaction_id").references(() => transactions.id, { onDelete: "cascade" }),
    clientId: ownerRef("client_id"),
    /** Who countersigns: the transaction's agent; null: the broker (any admin signs for them). */
    agentId: userRef("agent_id"),
    kind: text("kind", { enum: AGREEMENT_KINDS }).notNull(),
    templateId: integer("template_id").references(() => agreementTemplates.id),
    sourceDocumentId: integer("source_document_id").references(() => documents.id),
    title: text("title").notNull(),
    fields: text("fields", { mode: "json" }).$type<Record<string, string>>().notNull(),
    startsOn: text("starts_on"),
    endsOn: text("ends_on"),
    status: text("status", { enum: STORED_AGREEMENT_STATUSES }).notNull().default("draft"),
    unsignedKey: text("unsigned_key").notNull(),
    unsignedSha256: text("unsigned_sha256").notNull(),
    signedKey: text("signed_key"),
    signedSha256: text("signed_sha256"),
    signedDocumentId: integer("signed_document_id").references(() => documents.id),
    /** Started by the seller on the site (/start-listing): the countersignature opens the selling transaction. */
    startedOnline: integer("started_online", { mode: "boolean" }).notNull().default(false),
    /**
     * `recorded`: signed on paper (or elsewhere) and recorded by staff from an uploaded document
     * (app/models/agreement-record.server.ts); it counts exactly as one signed in the portal.
     */
    source: text("source", { enum: AGREEMENT_SOURCES }).notNull().default("portal"),
    /** The broker's compensation, structured (app/lib/buyer-compensation.ts): a buyer agreement's, a recorded one's. */
    compensation: text("compensation", { mode: "json" }).$type<{
      type: "amount" | "percent";
      value: number;
      cap?: number;
    }>(),
    /** Who buys: a natural person (the three-month limit of Civil Code §1670.50) or an entity; null: not a purchase. */
    buyerEntity: text("buyer_entity", { enum: BUYER_ENTITIES }),
    /** A listing's protection period after its term, in days, and the list of buyers given to the seller. */
    protectionDays: integer("protection_days"),
    protectionList: text("protection_list", { mode: "json" }).$type<string[]>(),
    protectionListSentOn: text("protection_list_sent_on"),
    declineReason: text("decline_reason"),
    createdBy: userRef("created_by"),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
    closedAt: integer("closed_at", { mode: "timestamp_ms" }),
    /** A listing's end date its 14-day reminder went out for (app/models/listing-reminders.server.ts). */
    endRemindedOn: text("end_reminded_on"),
    /**
     * A seal that failed after the last signature (app/models/agreement-seal.server.ts): how many tries, when the
     * jobs process tries again (null: nothing to retry), and the last error, shown to staff with a Retry.
     */
    sealAttempts: integer("seal_attempts").notNull().default(0),
    sealNextAt: integer("seal_next_at", { mode: "timestamp_ms" }),
    sealError: text("seal_error"),
  },
  (t) => [
    index("agreements_seal_due_idx").on(t.sealNextAt),
    // Agreements waiting for signatures (staff's "Waiting for your signature"): few among all, by status.
    index("agreements_status_idx").on(t.status, t.sentAt),
    index("agreements_transaction_idx").on(t.transactionId, t.createdAt),
    index("agreements_client_idx").on(t.clientId, t.kind, t.createdAt),
    index("agreements_open_listing_idx").on(t.kind, t.status, t.endsOn),
    index("agreements_signed_document_idx").on(t.signedDocumentId),
  ],
);
export type Agreement = typeof agreements.$inferSelect;

/** Who signs an agreement, in order, and the record that proves it (consent, view, signature: time, address, browser). */
export const agreementSigners = sqliteTable(
  "agreement_signers",
  {
    id: serialId(),
    agreementId: integer("agreement_id")
      .notNull()
      .references(() => agreements.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    role: text("role", { enum: SIGNER_ROLES }).notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** The signer's account (the client, the agent); null: a co-signer who signs from a link, or the broker. */
    userId: userRef("user_id"),
    consentedAt: integer("consented_at", { mode: "timestamp_ms" }),
    consentIp: text("consent_ip"),
    consentBrowser: text("consent_browser"),
    /** The version of the E-SIGN consumer disclosure they consented to (consent_disclosures). */
    consentDisclosureId: integer("consent_disclosure_id").references(() => consentDisclosures.id),
    /** When they withdrew their consent (the agreement waits for them; paper is offered). */
    consentWithdrawnAt: integer("consent_withdrawn_at", { mode: "timestamp_ms" }),
    /** When this signer acknowledged the agency disclosure for this agreement (a listing or buyer agreement). */
    agencyDisclosureAt: integer("agency_disclosure_at", { mode: "timestamp_ms" }),
    /** The version of the agency disclosure they acknowledged (legal_texts), shown in full before they signed. */
    agencyDisclosureId: integer("agency_disclosure_id").references(() => legalTexts.id),
    viewedAt: integer("viewed_at", { mode: "timestamp_ms" }),
    viewIp: text("view_ip"),
    viewBrowser: text("view_browser"),
    signedAt: integer("signed_at", { mode: "timestamp_ms" }),
    signIp: text("sign_ip"),
    signBrowser: text("sign_browser"),
    typedName: text("typed_name"),
    /** Who signed (the broker's seat: the admin who signed for the brokerage). */
    signedBy: userRef("signed_by"),
    /**
     * The broker's seat: signed for the brokerage by an admin, who is then this row's name, e-mail and account
     * (named when preparing, or whoever signs it).
     */
    forBroker: integer("for_broker", { mode: "boolean" }).notNull().default(false),
    declinedAt: integer("declined_at", { mode: "timestamp_ms" }),
    /** A co-signer's e-mailed link: the SHA-256 of its token, its end, and when it was used. */
    linkHash: text("link_hash").unique(),
    linkExpiresAt: integer("link_expires_at", { mode: "timestamp_ms" }),
    linkUsedAt: integer("link_used_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("agreement_signers_agreement_idx").on(t.agreementId, t.position),
    index("agreement_signers_user_idx").on(t.userId),
  ],
);
export type AgreementSigner = typeof agreementSigners.$inferSelect;

/** A listing started on the site before its seller signed in: claimed once, by the one who signs in (/start-listing). */
export const listingStarts = sqliteTable(
  "listing_starts",
  {
    id: serialId(),
    tokenHash: text("token_hash").notNull().unique(),
    /** The SHA-256 of the secret the starting browser keeps in a cookie: only that visitor may claim it. */
    browserHash: text("browser_hash"),
    /** The seller's full legal name as they typed it (the agreement's and the signature's). */
    sellerName: text("seller_name"),
    address: text("address").notNull(),
    priceCents: integer("price_cents").notNull(),
    termMonths: integer("term_months").notNull(),
    /** The other sellers on title, each with their e-mail: co-signers, each e-mailed a signing link of their own. */
    coSellers: text("co_sellers", { mode: "json" })
      .$type<Array<{ name: string; email: string }>>()
      .notNull()
      .default([]),
    agreementId: integer("agreement_id").references(() => agreements.id, { onDelete: "set null" }),
    claimedBy: userRef("claimed_by"),
    createdAt: createdAt(),
  },
  // Unclaimed starts are deleted after 7 days (app/models/listing-start.server.ts).
  (t) => [index("listing_starts_created_idx").on(t.createdAt)],
);
