-- Agreements and signatures (docs/agreements.md): the templates (each row a version), the agreements, their
-- signers with the record of consent, view and signature, the listings started on the site, and the
-- client's acknowledgement of the agency disclosure.
CREATE TABLE `agreement_signers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`agreement_id` integer NOT NULL,
	`position` integer NOT NULL,
	`role` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`user_id` text,
	`consented_at` integer,
	`consent_ip` text,
	`consent_browser` text,
	`viewed_at` integer,
	`view_ip` text,
	`signed_at` integer,
	`sign_ip` text,
	`sign_browser` text,
	`typed_name` text,
	`signed_by` text,
	`declined_at` integer,
	`link_hash` text,
	`link_expires_at` integer,
	`link_used_at` integer,
	FOREIGN KEY (`agreement_id`) REFERENCES `agreements`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`signed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `agreement_signers_link_hash_unique` ON `agreement_signers` (`link_hash`);--> statement-breakpoint
CREATE INDEX `agreement_signers_agreement_idx` ON `agreement_signers` (`agreement_id`,`position`);--> statement-breakpoint
CREATE INDEX `agreement_signers_user_idx` ON `agreement_signers` (`user_id`);--> statement-breakpoint
CREATE TABLE `agreement_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`version` integer NOT NULL,
	`body` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `agreement_templates_kind_version_idx` ON `agreement_templates` (`kind`,`version`);--> statement-breakpoint
CREATE TABLE `agreements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`transaction_id` integer,
	`client_id` text NOT NULL,
	`agent_id` text,
	`kind` text NOT NULL,
	`template_id` integer,
	`source_document_id` integer,
	`title` text NOT NULL,
	`fields` text NOT NULL,
	`starts_on` text,
	`ends_on` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`unsigned_key` text NOT NULL,
	`unsigned_sha256` text NOT NULL,
	`signed_key` text,
	`signed_sha256` text,
	`signed_document_id` integer,
	`started_online` integer DEFAULT false NOT NULL,
	`decline_reason` text,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`sent_at` integer,
	`completed_at` integer,
	`closed_at` integer,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`agent_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`template_id`) REFERENCES `agreement_templates`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`source_document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`signed_document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `agreements_transaction_idx` ON `agreements` (`transaction_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `agreements_client_idx` ON `agreements` (`client_id`,`kind`,`created_at`);--> statement-breakpoint
CREATE INDEX `agreements_open_listing_idx` ON `agreements` (`kind`,`status`,`ends_on`);--> statement-breakpoint
CREATE INDEX `agreements_signed_document_idx` ON `agreements` (`signed_document_id`);--> statement-breakpoint
CREATE TABLE `listing_starts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`address` text NOT NULL,
	`price_cents` integer NOT NULL,
	`term_months` integer NOT NULL,
	`agreement_id` integer,
	`claimed_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`agreement_id`) REFERENCES `agreements`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`claimed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `listing_starts_token_hash_unique` ON `listing_starts` (`token_hash`);--> statement-breakpoint
ALTER TABLE `users` ADD `agency_disclosure_at` integer;