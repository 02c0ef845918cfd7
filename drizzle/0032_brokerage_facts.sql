CREATE TABLE `broker_duties` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`duty` text NOT NULL,
	`granted_by` text,
	`granted_at` integer NOT NULL,
	`revoked_by` text,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`granted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`revoked_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `broker_duties_open_idx` ON `broker_duties` (`user_id`,`duty`) WHERE revoked_at IS NULL;--> statement-breakpoint
ALTER TABLE `cdas` ADD `cap_before_cents` integer;--> statement-breakpoint
ALTER TABLE `cdas` ADD `escrow` text;--> statement-breakpoint
ALTER TABLE `cdas` ADD `escrow_document_id` integer REFERENCES documents(id);--> statement-breakpoint
ALTER TABLE `cdas` ADD `escrow_sha256` text;--> statement-breakpoint
CREATE INDEX `cdas_agent_status_idx` ON `cdas` (`agent_id`,`status`);--> statement-breakpoint
ALTER TABLE `checklist_items` ADD `required_when` text;--> statement-breakpoint
ALTER TABLE `sold_homes` ADD `fee_basis` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `escrow_number` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `seller_names` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `buyer_names` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `year_built` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `license_kind` text;--> statement-breakpoint
UPDATE `transactions` SET `year_built` = (SELECT `year_built` FROM `home_listings` WHERE `home_listings`.`transaction_id` = `transactions`.`id`) WHERE `id` IN (SELECT `transaction_id` FROM `home_listings` WHERE `year_built` IS NOT NULL);--> statement-breakpoint
ALTER TABLE `home_listings` DROP COLUMN `year_built`;--> statement-breakpoint
CREATE TRIGGER `transactions_year_built_scope` AFTER UPDATE OF `year_built` ON `transactions` WHEN NEW.`type` = 'selling' BEGIN INSERT INTO `page_scopes` (`scope`, `version`) VALUES ('home:' || NEW.`id`, 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1; END;--> statement-breakpoint
UPDATE `sold_homes` SET `fee_cents` = 0, `saved_cents` = 0, `fee_basis` = NULL WHERE `side` = 'buying';--> statement-breakpoint
INSERT INTO `checklists` (`kind`, `version`, `items`, `created_at`) SELECT `kind`, `version` + 1, json_insert(`items`, '$[#]', json('{"name": "Agent''s visual inspection disclosure (AVID)", "required": true, "dueBy": 9, "agreementKind": null}'), '$[#]', json('{"name": "Lead-based paint disclosure (homes built before 1978)", "required": true, "dueBy": 9, "agreementKind": null, "requiredWhen": "built_before_1978"}'), '$[#]', json('{"name": "FIRPTA affidavit (seller''s non-foreign status)", "required": true, "dueBy": 8, "agreementKind": null}'), '$[#]', json('{"name": "California withholding (FTB Form 593)", "required": true, "dueBy": 13, "agreementKind": null}'), '$[#]', json('{"name": "Possible representation of more than one buyer or seller (PRBS)", "required": true, "dueBy": 2, "agreementKind": null}')), CAST(unixepoch('subsec') * 1000 AS INTEGER) FROM `checklists` c WHERE `kind` = 'selling' AND `version` = (SELECT max(`version`) FROM `checklists` WHERE `kind` = 'selling');--> statement-breakpoint
INSERT INTO `checklists` (`kind`, `version`, `items`, `created_at`) SELECT `kind`, `version` + 1, json_insert(`items`, '$[#]', json('{"name": "Agent''s visual inspection disclosure (AVID)", "required": true, "dueBy": 7, "agreementKind": null}'), '$[#]', json('{"name": "Lead-based paint disclosure (homes built before 1978)", "required": true, "dueBy": 7, "agreementKind": null, "requiredWhen": "built_before_1978"}'), '$[#]', json('{"name": "FIRPTA affidavit (seller''s non-foreign status)", "required": true, "dueBy": 6, "agreementKind": null}'), '$[#]', json('{"name": "California withholding (FTB Form 593)", "required": true, "dueBy": 12, "agreementKind": null}'), '$[#]', json('{"name": "Possible representation of more than one buyer or seller (PRBS)", "required": true, "dueBy": 1, "agreementKind": null}')), CAST(unixepoch('subsec') * 1000 AS INTEGER) FROM `checklists` c WHERE `kind` = 'buying' AND `version` = (SELECT max(`version`) FROM `checklists` WHERE `kind` = 'buying');