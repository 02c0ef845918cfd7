CREATE TABLE `offer_documents` (
	`offer_id` integer NOT NULL,
	`document_id` integer NOT NULL,
	PRIMARY KEY(`offer_id`, `document_id`),
	FOREIGN KEY (`offer_id`) REFERENCES `offers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `offer_documents_document_idx` ON `offer_documents` (`document_id`);--> statement-breakpoint
CREATE TABLE `offer_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`offer_id` integer NOT NULL,
	`type` text NOT NULL,
	`round_id` integer,
	`actor_id` text,
	`actor_name` text NOT NULL,
	`actor_role` text NOT NULL,
	`note` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`offer_id`) REFERENCES `offers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `offer_events_offer_idx` ON `offer_events` (`offer_id`,`id`);--> statement-breakpoint
CREATE TABLE `offer_rounds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`offer_id` integer NOT NULL,
	`number` integer NOT NULL,
	`by` text NOT NULL,
	`multiple` integer DEFAULT false NOT NULL,
	`price` integer NOT NULL,
	`financing` text NOT NULL,
	`down_payment_bp` integer NOT NULL,
	`deposit` integer NOT NULL,
	`close_of_escrow_days` integer NOT NULL,
	`investigation_days` integer NOT NULL,
	`appraisal_days` integer NOT NULL,
	`loan_days` integer NOT NULL,
	`seller_credit` integer NOT NULL,
	`buyer_agent_pay` integer NOT NULL,
	`expires_at` integer,
	`note` text,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`offer_id`) REFERENCES `offers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `offer_rounds_offer_number_idx` ON `offer_rounds` (`offer_id`,`number`);--> statement-breakpoint
CREATE TABLE `offers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`transaction_id` integer NOT NULL,
	`status` text NOT NULL,
	`shared` integer DEFAULT false NOT NULL,
	`buyer_name` text,
	`buyer_agent` text,
	`listing_id` integer,
	`listing_address` text,
	`expires_at` integer,
	`accepted_on` text,
	`backup_position` integer,
	`rejected_by_offer_id` integer,
	`wish` text,
	`wish_note` text,
	`wish_at` integer,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `offers_transaction_idx` ON `offers` (`transaction_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `offers_one_accepted_idx` ON `offers` (`transaction_id`) WHERE status = 'accepted';--> statement-breakpoint
CREATE UNIQUE INDEX `offers_open_listing_idx` ON `offers` (`listing_id`) WHERE listing_id IS NOT NULL AND status IN ('requested', 'submitted', 'received', 'countered', 'awaiting_final_signature');--> statement-breakpoint
CREATE INDEX `offers_expiry_idx` ON `offers` (`expires_at`) WHERE status IN ('submitted', 'received', 'countered', 'awaiting_final_signature');--> statement-breakpoint
ALTER TABLE `transactions` ADD `contract_offer_id` integer;--> statement-breakpoint
-- An offer's history is never edited (app/db/schema.ts, offer_events); its rows go only with their offer.
CREATE TRIGGER `offer_events_never_edited` BEFORE UPDATE ON `offer_events`
BEGIN
  SELECT RAISE(ABORT, 'offer events are never edited');
END;
