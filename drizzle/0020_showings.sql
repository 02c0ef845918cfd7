-- Showings of our listings (issue 38, app/models/showing.server.ts): each sale's showing page token, rules and
-- access instructions, and its showings with their buyer's agent and feedback.
CREATE TABLE `showing_settings` (
	`transaction_id` integer PRIMARY KEY NOT NULL,
	`token` text NOT NULL,
	`rules` text NOT NULL,
	`access_instructions` text DEFAULT '' NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `showing_settings_token_unique` ON `showing_settings` (`token`);--> statement-breakpoint
CREATE TABLE `showings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`transaction_id` integer NOT NULL,
	`status` text NOT NULL,
	`source` text NOT NULL,
	`start` integer NOT NULL,
	`end` integer NOT NULL,
	`slots` text NOT NULL,
	`agent_name` text NOT NULL,
	`brokerage` text NOT NULL,
	`license_number` text NOT NULL,
	`phone` text NOT NULL,
	`email` text NOT NULL,
	`people` integer NOT NULL,
	`note` text,
	`interest` integer,
	`price_opinion` text,
	`comments` text,
	`feedback_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `showings_transaction_start_idx` ON `showings` (`transaction_id`,`start`);--> statement-breakpoint
CREATE INDEX `showings_transaction_status_idx` ON `showings` (`transaction_id`,`status`,`start`);