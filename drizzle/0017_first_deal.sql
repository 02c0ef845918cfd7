-- The first real deal (docs/decisions/032-first-deal.md): a sale's seller figures (app/models/seller-figures.server.ts),
-- the net sheet's usual costs the broker sets (none until set), and an offer round's buyer's agent pay as a percentage.
CREATE TABLE `seller_figures` (
	`transaction_id` integer PRIMARY KEY NOT NULL,
	`inputs` text NOT NULL,
	`updated_by` text,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `agency_settings` ADD `reconveyance_per_loan_cents` integer;--> statement-breakpoint
ALTER TABLE `agency_settings` ADD `notary_courier_cents` integer;--> statement-breakpoint
ALTER TABLE `agency_settings` ADD `nhd_report_cents` integer;--> statement-breakpoint
ALTER TABLE `agency_settings` ADD `home_warranty_cents` integer;--> statement-breakpoint
ALTER TABLE `offer_rounds` ADD `buyer_agent_pay_milli` integer;