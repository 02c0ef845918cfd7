CREATE TABLE `deadline_reminders` (
	`deadline_id` integer NOT NULL,
	`kind` text NOT NULL,
	`due_on` text NOT NULL,
	`sent` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`deadline_id`, `kind`, `due_on`),
	FOREIGN KEY (`deadline_id`) REFERENCES `deadlines`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `deadlines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`transaction_id` integer NOT NULL,
	`key` text NOT NULL,
	`counting` text NOT NULL,
	`days` integer,
	`due_on` text NOT NULL,
	`moved_from` text,
	`moved_reason` text,
	`status` text DEFAULT 'open' NOT NULL,
	`done_at` integer,
	`sequence` integer DEFAULT 0 NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deadlines_transaction_key_idx` ON `deadlines` (`transaction_id`,`key`);--> statement-breakpoint
CREATE INDEX `deadlines_status_due_idx` ON `deadlines` (`status`,`due_on`);--> statement-breakpoint
CREATE TABLE `holiday_changes` (
	`date` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`changed_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`changed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `transactions` ADD `accepted_on` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `closing_on` text;--> statement-breakpoint
ALTER TABLE `users` ADD `calendar_token` text;--> statement-breakpoint
CREATE UNIQUE INDEX `users_calendar_token_unique` ON `users` (`calendar_token`);