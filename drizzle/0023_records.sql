CREATE TABLE `consent_disclosures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`version` integer NOT NULL,
	`body` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `consent_disclosures_version_idx` ON `consent_disclosures` (`version`);--> statement-breakpoint
CREATE TABLE `page_scopes` (
	`scope` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE `agreement_signers` ADD `consent_disclosure_id` integer REFERENCES consent_disclosures(id);--> statement-breakpoint
ALTER TABLE `agreement_signers` ADD `consent_withdrawn_at` integer;--> statement-breakpoint
ALTER TABLE `agreement_signers` ADD `agency_disclosure_at` integer;--> statement-breakpoint
ALTER TABLE `agreement_signers` ADD `view_browser` text;--> statement-breakpoint
ALTER TABLE `agreement_signers` ADD `for_broker` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `agreements` ADD `seal_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `agreements` ADD `seal_next_at` integer;--> statement-breakpoint
ALTER TABLE `agreements` ADD `seal_error` text;--> statement-breakpoint
CREATE INDEX `agreements_seal_due_idx` ON `agreements` (`seal_next_at`);--> statement-breakpoint
ALTER TABLE `listing_starts` ADD `browser_hash` text;--> statement-breakpoint
ALTER TABLE `listing_starts` ADD `seller_name` text;--> statement-breakpoint
CREATE INDEX `listing_starts_created_idx` ON `listing_starts` (`created_at`);--> statement-breakpoint
-- Hand-written: the broker's seat of the agreements made before this migration (a countersigner without an account).
UPDATE `agreement_signers` SET `for_broker` = 1 WHERE `role` = 'agent' AND `user_id` IS NULL;--> statement-breakpoint
-- Hand-written: a showing's change empties only its listing's showing page from the page cache (scope `sale:<id>`),
-- no longer every public page (docs/showings.md).
DROP TRIGGER IF EXISTS `showings_version_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `showings_version_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `showing_settings_version_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `transactions_version_update`;--> statement-breakpoint
CREATE TRIGGER `showings_scope_insert` AFTER INSERT ON `showings` WHEN NEW.`status` = 'approved' BEGIN INSERT INTO `page_scopes` (`scope`, `version`) VALUES ('sale:' || NEW.`transaction_id`, 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER `showings_scope_update` AFTER UPDATE OF `status`, `start`, `end` ON `showings` WHEN NEW.`status` = 'approved' OR OLD.`status` = 'approved' BEGIN INSERT INTO `page_scopes` (`scope`, `version`) VALUES ('sale:' || NEW.`transaction_id`, 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER `showing_settings_scope_update` AFTER UPDATE OF `token`, `rules` ON `showing_settings` BEGIN INSERT INTO `page_scopes` (`scope`, `version`) VALUES ('sale:' || NEW.`transaction_id`, 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER `transactions_scope_update` AFTER UPDATE OF `status`, `property_address` ON `transactions` WHEN NEW.`type` = 'selling' BEGIN INSERT INTO `page_scopes` (`scope`, `version`) VALUES ('sale:' || NEW.`id`, 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1; END;
