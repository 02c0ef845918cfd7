CREATE TABLE `cdas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`transaction_id` integer NOT NULL,
	`version` integer NOT NULL,
	`status` text NOT NULL,
	`agent_id` text,
	`agent_name` text NOT NULL,
	`gross_cents` integer NOT NULL,
	`referral_cents` integer NOT NULL,
	`brokerage_cents` integer NOT NULL,
	`agent_cents` integer NOT NULL,
	`fee_cents` integer NOT NULL,
	`lines` text NOT NULL,
	`escrow_email` text NOT NULL,
	`document_id` integer,
	`sha256` text NOT NULL,
	`approved_by` text,
	`approved_by_name` text NOT NULL,
	`approved_at` integer NOT NULL,
	`superseded_at` integer,
	`superseded_reason` text,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`agent_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`approved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cdas_transaction_version_idx` ON `cdas` (`transaction_id`,`version`);--> statement-breakpoint
ALTER TABLE `documents` ADD `admin_only` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `email_contents` ADD `attachments` text;--> statement-breakpoint
CREATE TRIGGER `cdas_figures_kept` BEFORE UPDATE OF `transaction_id`, `version`, `agent_id`, `gross_cents`, `referral_cents`, `brokerage_cents`, `agent_cents`, `fee_cents`, `lines`, `escrow_email`, `sha256`, `approved_at` ON `cdas`
BEGIN
	SELECT RAISE(ABORT, 'An approved CDA is never changed: a new version supersedes it');
END;
