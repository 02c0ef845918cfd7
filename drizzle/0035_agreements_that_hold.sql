CREATE TABLE `legal_texts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`version` integer NOT NULL,
	`body` text NOT NULL,
	`source` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `legal_texts_kind_version_idx` ON `legal_texts` (`kind`,`version`);--> statement-breakpoint
ALTER TABLE `agency_settings` ADD `buyer_compensation` text;--> statement-breakpoint
ALTER TABLE `agreement_signers` ADD `agency_disclosure_id` integer REFERENCES legal_texts(id);--> statement-breakpoint
ALTER TABLE `agreements` ADD `source` text DEFAULT 'portal' NOT NULL;--> statement-breakpoint
ALTER TABLE `agreements` ADD `compensation` text;--> statement-breakpoint
ALTER TABLE `agreements` ADD `buyer_entity` text;--> statement-breakpoint
ALTER TABLE `agreements` ADD `protection_days` integer;--> statement-breakpoint
ALTER TABLE `agreements` ADD `protection_list` text;--> statement-breakpoint
ALTER TABLE `agreements` ADD `protection_list_sent_on` text;--> statement-breakpoint
ALTER TABLE `listing_starts` ADD `co_sellers` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
UPDATE `agreements` SET `buyer_entity` = 'person' WHERE `kind` = 'buyer';--> statement-breakpoint
CREATE TRIGGER `legal_texts_page_scope` AFTER INSERT ON `legal_texts` BEGIN
  INSERT INTO `page_scopes` (`scope`, `version`) VALUES ('legal-texts', 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1;
END;
