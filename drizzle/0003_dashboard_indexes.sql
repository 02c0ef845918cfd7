DROP INDEX `lead_nurturing_campaigns_for_new_leads_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `lead_nurturing_campaigns_for_new_leads_idx` ON `lead_nurturing_campaigns` (`for_new_leads`) WHERE "for_new_leads" = 1;--> statement-breakpoint
DROP INDEX `transactions_status_idx`;--> statement-breakpoint
CREATE INDEX `transactions_created_at_idx` ON `transactions` (`created_at`);--> statement-breakpoint
CREATE INDEX `transactions_status_idx` ON `transactions` (`status`,`type`,`current_step`);