ALTER TABLE `agency_settings` ADD `buyer_broker_compensation` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `search_area` text;--> statement-breakpoint
CREATE INDEX `agreements_status_idx` ON `agreements` (`status`,`sent_at`);