CREATE TABLE `fair_housing_reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subject_type` text NOT NULL,
	`subject_id` text NOT NULL,
	`text` text NOT NULL,
	`reason` text NOT NULL,
	`phrases` text NOT NULL,
	`requested_by` text,
	`requested_at` integer NOT NULL,
	`decision` text,
	`comment` text,
	`decided_by` text,
	`decided_at` integer,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `fair_housing_reviews_waiting_idx` ON `fair_housing_reviews` (`requested_at`,`id`) WHERE decided_at IS NULL;--> statement-breakpoint
CREATE INDEX `fair_housing_reviews_subject_idx` ON `fair_housing_reviews` (`subject_type`,`subject_id`,`id`);--> statement-breakpoint
ALTER TABLE `home_listings` ADD `older_persons` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `lead_nurturing_campaigns` ADD `home_transaction_id` integer REFERENCES transactions(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `sold_homes` ADD `consented` integer DEFAULT false NOT NULL;;--> statement-breakpoint
UPDATE `sold_homes` SET `consented` = `shown`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `transactions_listing_state`;--> statement-breakpoint
INSERT INTO `checklist_items` (`transaction_id`, `position`, `name`, `required`, `due_by`, `agreement_kind`, `required_when`, `state`) SELECT t.`id`, CAST(j.`key` AS INTEGER), json_extract(j.`value`, '$.name'), json_extract(j.`value`, '$.required'), json_extract(j.`value`, '$.dueBy'), json_extract(j.`value`, '$.agreementKind'), json_extract(j.`value`, '$.requiredWhen'), 'missing' FROM `transactions` t JOIN `checklists` c ON c.`id` = t.`checklist_id` AND c.`kind` = t.`type`, json_each(c.`items`) j WHERE NOT EXISTS (SELECT 1 FROM `checklist_items` i WHERE i.`transaction_id` = t.`id`);--> statement-breakpoint
UPDATE `home_listings` SET `state` = 'hidden' WHERE `state` = 'sold' AND NOT EXISTS (SELECT 1 FROM `sold_homes` s WHERE s.`transaction_id` = `home_listings`.`transaction_id` AND s.`shown` = 1);
--> statement-breakpoint
DROP TRIGGER IF EXISTS `users_profile_scope_update`;--> statement-breakpoint
CREATE TRIGGER `users_profile_scope_update` AFTER UPDATE OF `first_name`, `last_name`, `email`, `phone`, `license_number`, `license_expires_on`, `license_kind`, `deactivated_at`, `is_admin`, `is_agent` ON `users` WHEN EXISTS (SELECT 1 FROM `agent_profiles` WHERE `user_id` = NEW.`id`) BEGIN INSERT INTO `page_scopes` (`scope`, `version`) SELECT s, 1 FROM (SELECT 'agents' AS s UNION ALL SELECT 'home' UNION ALL SELECT 'sold' UNION ALL SELECT 'reviews' UNION ALL SELECT 'agent:' || NEW.`id`) WHERE s IS NOT NULL ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1; END;
