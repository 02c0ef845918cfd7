/** Value lists shared by the database schema and the forms (no server code here: it ships to browsers). */
export const TRANSACTION_TYPES = ["buying", "selling"] as const;
export const TRANSACTION_STATUSES = ["active", "completed", "cancelled"] as const;
export const MILESTONE_STATUSES = ["not_started", "in_progress", "completed", "action_required"] as const;

export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];

/** Lead engagement (lead_engagement.status): what the drip campaign does with a lead. */
export const ENGAGEMENT_STATUSES = ["active", "paused", "completed", "unsubscribed", "converted"] as const;
export type EngagementStatus = (typeof ENGAGEMENT_STATUSES)[number];

/** The e-mail outbox. */
export const EMAIL_KINDS = ["lead_alert", "drip", "client_notice", "staff_notice"] as const;
export const EMAIL_STATUSES = ["queued", "sent", "failed"] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** A lead's status as staff see it: its engagement's, or "new" when it joined no campaign. */
export const LEAD_STATUSES = ["new", "nurturing", "paused", "unsubscribed", "converted", "completed"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Who uploaded a document: the transaction's client or staff. */
export const UPLOADER_ROLES = ["client", "admin"] as const;
export type UploaderRole = (typeof UPLOADER_ROLES)[number];
