CREATE TABLE `email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`to_address` text NOT NULL,
	`to_name` text,
	`reply_to` text,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text NOT NULL,
	`headers` text DEFAULT '{}' NOT NULL,
	`message_id` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`provider_message_id` text,
	`contact_submission_id` integer,
	`engagement_id` integer,
	`campaign_email_id` integer,
	`transaction_id` integer,
	`coalesce_key` text,
	`payload` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`contact_submission_id`) REFERENCES `contact_submissions`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`engagement_id`) REFERENCES `lead_engagement`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`campaign_email_id`) REFERENCES `lead_nurturing_emails`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_outbox_message_id_unique` ON `email_outbox` (`message_id`);--> statement-breakpoint
CREATE INDEX `email_outbox_due_idx` ON `email_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_created_idx` ON `email_outbox` (`created_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_kind_status_idx` ON `email_outbox` (`kind`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_submission_idx` ON `email_outbox` (`contact_submission_id`);--> statement-breakpoint
CREATE INDEX `email_outbox_coalesce_idx` ON `email_outbox` (`coalesce_key`,`status`);--> statement-breakpoint
CREATE TABLE `email_unsubscribes` (
	`email` text PRIMARY KEY NOT NULL,
	`engagement_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`engagement_id`) REFERENCES `lead_engagement`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `lead_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contact_submission_id` integer NOT NULL,
	`engagement_id` integer,
	`type` text NOT NULL,
	`detail` text,
	`actor_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`contact_submission_id`) REFERENCES `contact_submissions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`engagement_id`) REFERENCES `lead_engagement`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `lead_events_submission_idx` ON `lead_events` (`contact_submission_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `lead_engagement` ADD `email` text;--> statement-breakpoint
-- Hand-written: fill in the address of existing engagements, and keep one per address and campaign (the oldest).
UPDATE `lead_engagement` SET `email` = (SELECT lower(`email`) FROM `contact_submissions` WHERE `contact_submissions`.`id` = `lead_engagement`.`contact_submission_id`);--> statement-breakpoint
DELETE FROM `lead_engagement` WHERE `id` NOT IN (SELECT min(`id`) FROM `lead_engagement` GROUP BY `email`, `campaign_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `lead_engagement_email_campaign_idx` ON `lead_engagement` (`email`,`campaign_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `milestone_notices` integer DEFAULT true NOT NULL;