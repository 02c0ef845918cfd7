-- Showings' e-mails, invitations and feedback, and buyers' tours (issue 38; app/models/showing-mail.server.ts,
-- showing-feedback.server.ts, tour.server.ts). A showing made before this migration gets its agent's token here.
CREATE TABLE `tour_stops` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tour_id` integer NOT NULL,
	`listing_id` integer NOT NULL,
	`position` integer NOT NULL,
	`status` text NOT NULL,
	`start` integer,
	`end` integer,
	`sequence` integer DEFAULT 0 NOT NULL,
	`rating` integer,
	`note` text,
	`rated_at` integer,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tour_id`) REFERENCES `tours`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tour_stops_tour_listing_idx` ON `tour_stops` (`tour_id`,`listing_id`);--> statement-breakpoint
CREATE INDEX `tour_stops_listing_idx` ON `tour_stops` (`listing_id`,`rated_at`);--> statement-breakpoint
CREATE INDEX `tour_stops_start_idx` ON `tour_stops` (`start`);--> statement-breakpoint
CREATE TABLE `tours` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`transaction_id` integer NOT NULL,
	`slots` text NOT NULL,
	`note` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tours_transaction_idx` ON `tours` (`transaction_id`,`created_at`);--> statement-breakpoint
DROP INDEX `showings_transaction_status_idx`;--> statement-breakpoint
ALTER TABLE `showings` ADD `agent_token` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `showings` SET `agent_token` = lower(hex(randomblob(16)));--> statement-breakpoint
ALTER TABLE `showings` ADD `sequence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `showings` ADD `feedback_due_at` integer;--> statement-breakpoint
ALTER TABLE `showings` ADD `feedback_asks` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `showings_agent_token_unique` ON `showings` (`agent_token`);--> statement-breakpoint
CREATE INDEX `showings_feedback_due_idx` ON `showings` (`feedback_due_at`);--> statement-breakpoint
CREATE INDEX `showings_start_idx` ON `showings` (`start`);--> statement-breakpoint
CREATE INDEX `showings_transaction_status_idx` ON `showings` (`transaction_id`,`status`,`start`,`interest`);--> statement-breakpoint
ALTER TABLE `email_contents` ADD `calendar` text;--> statement-breakpoint
ALTER TABLE `showing_settings` ADD `summary_due_at` integer;--> statement-breakpoint
CREATE INDEX `showing_settings_summary_due_idx` ON `showing_settings` (`summary_due_at`);--> statement-breakpoint
UPDATE `showing_settings` SET `summary_due_at` = cast(unixepoch('subsec') * 1000 as integer) + 604800000;--> statement-breakpoint
-- The showing pages are cached like the public pages (server/page-cache.ts): a change of what they show (a
-- showing approved, moved or cancelled, new rules or token, the listing's address or status) raises the public
-- content version, so no cached page outlives it.
CREATE TRIGGER `showings_version_insert` AFTER INSERT ON `showings` WHEN NEW.`status` = 'approved' BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `showings_version_update` AFTER UPDATE OF `status`, `start`, `end` ON `showings` WHEN NEW.`status` = 'approved' OR OLD.`status` = 'approved' BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `showing_settings_version_update` AFTER UPDATE OF `token`, `rules` ON `showing_settings` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `transactions_version_update` AFTER UPDATE OF `status`, `property_address` ON `transactions` WHEN NEW.`type` = 'selling' BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
