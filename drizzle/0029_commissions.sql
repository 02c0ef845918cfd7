CREATE TABLE `payouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`transaction_id` integer NOT NULL,
	`agent_id` text,
	`closed_on` text NOT NULL,
	`gross_cents` integer NOT NULL,
	`referral_cents` integer NOT NULL,
	`brokerage_cents` integer NOT NULL,
	`agent_cents` integer NOT NULL,
	`fee_cents` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`agent_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_transaction_id_unique` ON `payouts` (`transaction_id`);--> statement-breakpoint
CREATE INDEX `payouts_agent_closed_idx` ON `payouts` (`agent_id`,`closed_on`);--> statement-breakpoint
CREATE INDEX `payouts_closed_idx` ON `payouts` (`closed_on`);--> statement-breakpoint
ALTER TABLE `transactions` ADD `referral_broker` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `referral_license` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `referral_bp` integer;--> statement-breakpoint
ALTER TABLE `transactions` ADD `escrow_email` text;--> statement-breakpoint
ALTER TABLE `users` ADD `plan_agent_bp` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `plan_cap_cents` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `plan_fee_cents` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `plan_anniversary_on` text;