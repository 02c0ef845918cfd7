ALTER TABLE `contact_submissions` ADD `engagement_id` integer;--> statement-breakpoint
-- Hand-written: each existing submission gets the engagement of its address.
UPDATE `contact_submissions` SET `engagement_id` = (SELECT `id` FROM `lead_engagement` WHERE `lead_engagement`.`email` = lower(`contact_submissions`.`email`) ORDER BY `id` LIMIT 1);--> statement-breakpoint
CREATE INDEX `contact_submissions_email_idx` ON `contact_submissions` (`email`,`created_at`);--> statement-breakpoint
CREATE INDEX `contact_submissions_engagement_idx` ON `contact_submissions` (`engagement_id`);--> statement-breakpoint
ALTER TABLE `lead_nurturing_campaigns` ADD `for_new_leads` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `lead_nurturing_campaigns_for_new_leads_idx` ON `lead_nurturing_campaigns` (`for_new_leads`) WHERE "for_new_leads" = 1;