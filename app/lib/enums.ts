/** Value lists shared by the database schema and the forms (no server code here: it ships to browsers). */
export const TRANSACTION_TYPES = ["buying", "selling"] as const;
export const TRANSACTION_STATUSES = ["active", "completed", "cancelled"] as const;
export const MILESTONE_STATUSES = ["not_started", "in_progress", "completed", "action_required"] as const;

export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];
