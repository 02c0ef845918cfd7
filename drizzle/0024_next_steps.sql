ALTER TABLE `agency_settings` ADD `buyer_broker_compensation` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `search_area` text;