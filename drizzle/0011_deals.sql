CREATE TABLE `agency_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`escrow_base_cents` integer DEFAULT 25000 NOT NULL,
	`escrow_per_thousand_cents` integer DEFAULT 200 NOT NULL,
	`updated_by` text,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `estimates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`transaction_id` integer NOT NULL,
	`name` text NOT NULL,
	`side` text NOT NULL,
	`inputs` text NOT NULL,
	`result` text NOT NULL,
	`schedule_date` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `estimates_transaction_idx` ON `estimates` (`transaction_id`,`created_at`);--> statement-breakpoint
-- The agency's one settings row, with the escrow estimate's defaults ($250 + $2.00 per $1,000).
INSERT INTO `agency_settings` (`id`) VALUES (1);--> statement-breakpoint
-- content_version row 2 (leads) lost its reader: the dashboard counts its chart in SQL (docs/decisions/022).
DROP TRIGGER IF EXISTS `contact_submissions_version_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `contact_submissions_version_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `contact_submissions_version_update`;--> statement-breakpoint
DELETE FROM `content_version` WHERE `id` = 2;
