CREATE TABLE `checklist_item_documents` (
	`item_id` integer NOT NULL,
	`document_id` integer NOT NULL,
	`attached_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`item_id`, `document_id`),
	FOREIGN KEY (`item_id`) REFERENCES `checklist_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`attached_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `checklist_item_documents_document_idx` ON `checklist_item_documents` (`document_id`);--> statement-breakpoint
CREATE TABLE `checklist_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`transaction_id` integer NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`required` integer NOT NULL,
	`due_by` integer NOT NULL,
	`agreement_kind` text,
	`state` text DEFAULT 'missing' NOT NULL,
	`waiting_since` integer,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `checklist_items_transaction_position_idx` ON `checklist_items` (`transaction_id`,`position`);--> statement-breakpoint
CREATE INDEX `checklist_items_waiting_idx` ON `checklist_items` (`waiting_since`,`id`) WHERE waiting_since IS NOT NULL;--> statement-breakpoint
CREATE TABLE `checklist_reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`item_id` integer NOT NULL,
	`transaction_id` integer NOT NULL,
	`decision` text NOT NULL,
	`comment` text,
	`reviewer_id` text,
	`reviewer_name` text NOT NULL,
	`documents` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `checklist_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `checklist_reviews_item_idx` ON `checklist_reviews` (`item_id`,`id`);--> statement-breakpoint
CREATE INDEX `checklist_reviews_transaction_idx` ON `checklist_reviews` (`transaction_id`,`id`);--> statement-breakpoint
CREATE TABLE `checklists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`version` integer NOT NULL,
	`items` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `checklists_kind_version_idx` ON `checklists` (`kind`,`version`);--> statement-breakpoint
ALTER TABLE `transactions` ADD `checklist_id` integer;--> statement-breakpoint
INSERT INTO `checklists` (`kind`, `version`, `items`) VALUES ('selling', 1, '[{"name": "Agency disclosure (AD)", "required": true, "dueBy": 2, "agreementKind": null}, {"name": "Listing agreement (RLA)", "required": true, "dueBy": 2, "agreementKind": "listing"}, {"name": "Seller property questionnaire (SPQ)", "required": true, "dueBy": 3, "agreementKind": null}, {"name": "Transfer disclosure statement (TDS)", "required": true, "dueBy": 3, "agreementKind": null}, {"name": "Natural hazard disclosure (NHD)", "required": true, "dueBy": 3, "agreementKind": null}, {"name": "Purchase agreement (RPA)", "required": true, "dueBy": 7, "agreementKind": null}, {"name": "Counter offers", "required": false, "dueBy": 7, "agreementKind": null}, {"name": "Escrow instructions", "required": true, "dueBy": 8, "agreementKind": null}, {"name": "Buyer''s contingency removal (CR-B)", "required": true, "dueBy": 12, "agreementKind": null}, {"name": "Final settlement statement", "required": true, "dueBy": 14, "agreementKind": null}]'), ('buying', 1, '[{"name": "Agency disclosure (AD)", "required": true, "dueBy": 1, "agreementKind": null}, {"name": "Buyer representation agreement (BRBC)", "required": true, "dueBy": 1, "agreementKind": "buyer"}, {"name": "Purchase agreement (RPA)", "required": true, "dueBy": 5, "agreementKind": null}, {"name": "Counter offers", "required": false, "dueBy": 5, "agreementKind": null}, {"name": "Escrow instructions", "required": true, "dueBy": 6, "agreementKind": null}, {"name": "Seller''s disclosures received (TDS, SPQ, NHD)", "required": true, "dueBy": 7, "agreementKind": null}, {"name": "Inspection reports or waiver", "required": false, "dueBy": 8, "agreementKind": null}, {"name": "Contingency removal (CR-B)", "required": true, "dueBy": 11, "agreementKind": null}, {"name": "Final settlement statement", "required": true, "dueBy": 13, "agreementKind": null}]');--> statement-breakpoint
UPDATE `transactions` SET `checklist_id` = (SELECT `id` FROM `checklists` WHERE `checklists`.`kind` = `transactions`.`type` AND `checklists`.`version` = 1);--> statement-breakpoint
CREATE TRIGGER `transactions_checklist_insert` AFTER INSERT ON `transactions` WHEN NEW.`checklist_id` IS NULL BEGIN UPDATE `transactions` SET `checklist_id` = (SELECT `id` FROM `checklists` WHERE `kind` = NEW.`type` ORDER BY `version` DESC LIMIT 1) WHERE `id` = NEW.`id`; END;--> statement-breakpoint
CREATE TRIGGER `checklist_reviews_no_update` BEFORE UPDATE ON `checklist_reviews` BEGIN SELECT RAISE(ABORT, 'a review is never changed'); END;
