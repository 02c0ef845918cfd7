/** Value lists shared by the database schema and the forms (no server code here: it ships to browsers). */
export const TRANSACTION_TYPES = ["buying", "selling"] as const;
export const TRANSACTION_STATUSES = ["active", "completed", "cancelled"] as const;
export const MILESTONE_STATUSES = ["not_started", "in_progress", "completed", "action_required"] as const;

export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/**
 * A side of a sale, one name wherever it matters: the party a round of an offer comes from, the side an
 * estimate is made for (a seller's net sheet, a buyer's cash to close), who pays a line of it.
 */
export const PARTIES = ["buyer", "seller"] as const;
export type Party = (typeof PARTIES)[number];
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];

/** Lead engagement (lead_engagement.status): what the drip campaign does with a lead. */
export const ENGAGEMENT_STATUSES = ["active", "paused", "completed", "unsubscribed", "converted"] as const;
export type EngagementStatus = (typeof ENGAGEMENT_STATUSES)[number];

/** The e-mail outbox. */
export const EMAIL_KINDS = [
  "lead_alert",
  "drip",
  "client_notice",
  "staff_notice",
  "deadline_reminder",
  "message",
  "estimate",
  "offer",
  "lead_email",
  "agreement",
  "showing",
  "backup",
  "review",
  "cda",
] as const;
export const EMAIL_STATUSES = ["queued", "sent", "failed"] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** A lead's status as staff see it: its engagement's, or "new" when it joined no campaign. */
export const LEAD_STATUSES = ["new", "nurturing", "paused", "unsubscribed", "converted", "completed"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Who uploaded a document: the transaction's client or staff. */
export const UPLOADER_ROLES = ["client", "admin"] as const;
export type UploaderRole = (typeof UPLOADER_ROLES)[number];

/** A transaction's conversation: who wrote a message (the same two sides), and how it came. */
export const PARTICIPANT_ROLES = UPLOADER_ROLES;
export type ParticipantRole = UploaderRole;
export const MESSAGE_VIAS = ["portal", "email"] as const;
export type MessageVia = (typeof MESSAGE_VIAS)[number];

/** The contract's deadlines (app/lib/deadlines.ts has their rules); the keys are part of the API. */
export const DEADLINE_KEYS = [
  "deposit",
  "seller_disclosures",
  "investigation_contingency",
  "appraisal_contingency",
  "loan_contingency",
  "final_walkthrough",
  "close_of_escrow",
] as const;
export type DeadlineKey = (typeof DEADLINE_KEYS)[number];
export const DEADLINE_STATUSES = ["open", "done", "waived"] as const;
export type DeadlineStatus = (typeof DEADLINE_STATUSES)[number];
/** How a deadline's date is counted: days after acceptance, business days, days before closing, entered. */
export const COUNTINGS = ["calendar", "business", "before_close", "entered"] as const;
export type Counting = (typeof COUNTINGS)[number];
/** A deadline's reminders: two days before, and on the morning of the day. */
export const REMINDER_KINDS = ["two_days", "day_of"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
/** An admin's change to the holiday table. */
export const HOLIDAY_CHANGE_KINDS = ["added", "removed"] as const;

/**
 * Offers (app/lib/offer-rules.ts has the moves): an offer's status, in the API's names. Open: waiting for
 * an answer (a requested one waits for its agent to make it); the rest are ends, but for `backup` (which
 * may be accepted once the accepted offer is cancelled).
 */
export const OFFER_STATUSES = [
  "requested",
  "submitted",
  "received",
  "countered",
  "awaiting_final_signature",
  "accepted",
  "rejected",
  "withdrawn",
  "expired",
  "backup",
  "cancelled",
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const OPEN_OFFER_STATUSES = [
  "requested",
  "submitted",
  "received",
  "countered",
  "awaiting_final_signature",
] as const satisfies readonly OfferStatus[];
export const FINANCING_TYPES = ["cash", "conventional", "fha", "va", "other"] as const;
export type Financing = (typeof FINANCING_TYPES)[number];
/** What can happen to an offer: the API's event types, and `create` and `expire` in its history. */
export const OFFER_MOVES = [
  "counter",
  "accept",
  "final_signature",
  "reject",
  "withdraw",
  "backup",
  "cancel",
  "share",
  "unshare",
  "submit",
  "wish",
] as const;
export type OfferMove = (typeof OFFER_MOVES)[number];
export const OFFER_EVENT_TYPES = ["create", ...OFFER_MOVES, "expire"] as const;
/** A client's answer to a shared offer, which staff then record (or not) as the binding one. */
export const OFFER_WISHES = ["accept", "counter", "decline"] as const;
export type OfferWish = (typeof OFFER_WISHES)[number];
/** Who did something to an offer: its history's `by.role`. */
export const OFFER_ACTOR_ROLES = ["client", "staff", "system"] as const;
export type OfferActorRole = (typeof OFFER_ACTOR_ROLES)[number];

/** New leads' routing (app/models/routing.server.ts): the `routing` setting. */
export const ROUTING_MODES = ["round_robin", "first_to_claim", "off"] as const;
export type RoutingMode = (typeof ROUTING_MODES)[number];
/** A person's role: staff are admins (everything) and agents (their own); clients are the rest. */
export const STAFF_ROLES = ["admin", "agent"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** A DRE license's kind: a broker's (a broker-associate on the team) or a salesperson's. */
export const DRE_LICENSE_KINDS = ["broker", "salesperson"] as const;
export type DreLicenseKind = (typeof DRE_LICENSE_KINDS)[number];
/**
 * The responsible broker's licensed acts a licensee of the team may perform for them (10 CCR 2725): countersigning
 * for the brokerage (the broker's seat), approving file items, approving commission disbursement authorizations.
 */
export const BROKER_DUTIES = ["countersign", "approveFiles", "approveCda"] as const;
export type BrokerDuty = (typeof BROKER_DUTIES)[number];
/** Where a transaction's compensation comes from: its signed agreement, or the tier table before one is signed. */
export const COMPENSATION_BASES = ["listing_agreement", "buyer_agreement", "estimated"] as const;
export type CompensationBasis = (typeof COMPENSATION_BASES)[number];
/** Who did something, as the audit keeps it. */
export const AUDIT_ROLES = ["admin", "agent", "client", "system"] as const;
export type AuditRole = (typeof AUDIT_ROLES)[number];

/** What the audit records (app/models/audit.server.ts); `offer.*` is one per offer move (offer.counter, …). */
export const AUDIT_ACTIONS = [
  "document.view",
  "document.upload",
  "document.remove",
  "document.restore",
  "transaction.create",
  "transaction.update",
  "transaction.assign",
  "milestone.update",
  "milestone.complete",
  "seller_figures.update",
  "estimate.create",
  "estimate.update",
  "estimate.delete",
  "message.send",
  "contract.update",
  "deadline.update",
  ...OFFER_EVENT_TYPES.map((type) => `offer.${type}` as const),
  "message.hide",
  "lead.assign",
  "lead.claim",
  "team.update",
  "settings.update",
  "profile.update",
  "sold.consent",
  "review.create",
  "review.update",
  "review.delete",
  "review.hide",
  "review.unhide",
  "review.reply",
  "export",
  "sign_in",
] as const;

/**
 * Agreements and signatures (docs/agreements.md): what is signed (a template's listing or buyer agreement, or
 * any PDF of the transaction), where it stands (`expired` is read from its end date, never stored), and who
 * signs (clients and co-signers first, the agent or broker last).
 */
/**
 * `broker_agent` (docs/roster.md): the written agreement between the broker and an agent (10 CCR 2726),
 * signed by the agent, then the broker; it belongs to no transaction.
 */
export const AGREEMENT_KINDS = ["listing", "buyer", "document", "broker_agent"] as const;
export type AgreementKind = (typeof AGREEMENT_KINDS)[number];
/** Where an agreement comes from: signed in the portal, or signed on paper (or elsewhere) and recorded by staff. */
export const AGREEMENT_SOURCES = ["portal", "recorded"] as const;
export type AgreementSource = (typeof AGREEMENT_SOURCES)[number];
/**
 * Who buys (Civil Code §1670.50(d)(1): the three-month limit is for a natural person; a corporation, LLC or
 * partnership, and a trust, are not held to it).
 */
export const BUYER_ENTITIES = ["person", "corporation", "llc", "partnership", "trust"] as const;
export type BuyerEntity = (typeof BUYER_ENTITIES)[number];
/** The versioned texts the law writes (app/lib/legal-texts.ts). */
export const LEGAL_TEXT_KINDS = ["agency_disclosure", "commission_notice_listing", "commission_notice_buyer"] as const;
export type LegalTextKind = (typeof LEGAL_TEXT_KINDS)[number];
export const TEMPLATE_KINDS = ["listing", "buyer", "broker_agent"] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];
/** The kinds that are a client's compensation agreement for a home (Bus. & Prof. Code §10147.5 applies). */
export type HomeTemplateKind = Exclude<TemplateKind, "broker_agent">;
/** `sealing`: every signature is in and the sealed copy is being made (retried after a failure). */
export const STORED_AGREEMENT_STATUSES = ["draft", "sent", "sealing", "signed", "declined", "voided"] as const;
export type StoredAgreementStatus = (typeof STORED_AGREEMENT_STATUSES)[number];
export const AGREEMENT_STATUSES = [...STORED_AGREEMENT_STATUSES, "expired"] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];
export const SIGNER_ROLES = ["client", "cosigner", "agent"] as const;
export type SignerRole = (typeof SIGNER_ROLES)[number];

/** Showings of a listing: where one stands, how it came, and a buyer's agent's view of the price. */
export const SHOWING_STATUSES = ["requested", "approved", "declined", "proposed", "cancelled", "done"] as const;
export type ShowingStatus = (typeof SHOWING_STATUSES)[number];
export const SHOWING_SOURCES = ["page", "phone"] as const;
export const PRICE_OPINIONS = ["too_high", "about_right", "low"] as const;
export const SHOWING_EVENT_TYPES = ["approve", "decline", "propose", "cancel"] as const;
export type ShowingEventType = (typeof SHOWING_EVENT_TYPES)[number];
export const TOUR_STOP_STATUSES = ["requested", "confirmed", "cancelled"] as const;
export type TourStopStatus = (typeof TOUR_STOP_STATUSES)[number];
export const TOUR_EVENT_TYPES = ["confirm", "cancel", "rate"] as const;

/**
 * A listing's showing rules (app/lib/showing-slots.ts has what they allow): showing hours per weekday (index
 * 0 is Sunday; "HH:MM" San Diego wall-clock), the minimum notice, the slot length, blocked dates, whether
 * requests are approved automatically.
 */
export type ShowingRules = {
  hours: Array<Array<{ from: string; to: string }>>;
  noticeHours: number;
  slotMinutes: 30 | 60;
  blockedDates: string[];
  autoApprove: boolean;
};

/** The proof on the public site: how a shown sale names its place, and the content policy's reasons. */
export const SOLD_DETAILS = ["address", "neighbourhood"] as const;
export type SoldDetail = (typeof SOLD_DETAILS)[number];
export const REVIEW_HIDE_REASONS = [
  "personal_data",
  "profanity",
  "discrimination",
  "off_topic",
  "not_a_client",
] as const;
export type ReviewHideReason = (typeof REVIEW_HIDE_REASONS)[number];

/**
 * The broker's file review (docs/file-review.md): an item of a transaction's checklist is `missing` until
 * it is marked ready (`waiting`), then `approved` or `returned` by the broker; `changed` when a document of an
 * approved item is removed or another attached (it waits for review again).
 */
export const CHECKLIST_ITEM_STATES = ["missing", "waiting", "approved", "returned", "changed"] as const;
export type ChecklistItemState = (typeof CHECKLIST_ITEM_STATES)[number];
export const CHECKLIST_EVENT_TYPES = ["attach", "detach", "ready", "approve", "return"] as const;
export type ChecklistEventType = (typeof CHECKLIST_EVENT_TYPES)[number];
/** A checklist item required only when a fact of the home holds (the lead-paint disclosure: built before 1978). */
export const CHECKLIST_CONDITIONS = ["built_before_1978"] as const;
export type ChecklistCondition = (typeof CHECKLIST_CONDITIONS)[number];
export const REVIEW_DECISIONS = ["approve", "return"] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];
