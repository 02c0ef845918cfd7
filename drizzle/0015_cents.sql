-- Money in cents everywhere (docs/decisions/031-the-deals-rules.md): the columns that held whole dollars
-- are renamed `…_cents` and their amounts multiplied by 100 (no trigger reads them, and renaming a column
-- keeps the indexes and triggers that name the table).
ALTER TABLE `transactions` RENAME COLUMN `home_value` TO `home_value_cents`;--> statement-breakpoint
UPDATE `transactions` SET `home_value_cents` = `home_value_cents` * 100 WHERE `home_value_cents` IS NOT NULL;--> statement-breakpoint
ALTER TABLE `listings` RENAME COLUMN `price` TO `price_cents`;--> statement-breakpoint
UPDATE `listings` SET `price_cents` = `price_cents` * 100;--> statement-breakpoint
ALTER TABLE `offer_rounds` RENAME COLUMN `price` TO `price_cents`;--> statement-breakpoint
ALTER TABLE `offer_rounds` RENAME COLUMN `deposit` TO `deposit_cents`;--> statement-breakpoint
ALTER TABLE `offer_rounds` RENAME COLUMN `seller_credit` TO `seller_credit_cents`;--> statement-breakpoint
ALTER TABLE `offer_rounds` RENAME COLUMN `buyer_agent_pay` TO `buyer_agent_pay_cents`;--> statement-breakpoint
UPDATE `offer_rounds` SET `price_cents` = `price_cents` * 100, `deposit_cents` = `deposit_cents` * 100,
  `seller_credit_cents` = `seller_credit_cents` * 100, `buyer_agent_pay_cents` = `buyer_agent_pay_cents` * 100;
