CREATE TABLE `home_listings` (
	`transaction_id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`seller_yes_at` integer,
	`seller_yes_by` text,
	`mls_entered_on` text,
	`price_cents` integer,
	`beds` integer,
	`baths` text,
	`square_feet` integer,
	`lot_square_feet` integer,
	`year_built` integer,
	`description` text,
	`property_type` text DEFAULT 'SingleFamilyResidence' NOT NULL,
	`zip` text,
	`state` text DEFAULT 'hidden' NOT NULL,
	`published_at` integer,
	`sold_on` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seller_yes_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `home_listings_slug_unique` ON `home_listings` (`slug`);--> statement-breakpoint
CREATE INDEX `home_listings_state_idx` ON `home_listings` (`state`,`published_at`);--> statement-breakpoint
CREATE INDEX `home_listings_zip_idx` ON `home_listings` (`state`,`zip`,`published_at`);--> statement-breakpoint
CREATE TABLE `listing_photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`transaction_id` integer NOT NULL,
	`image_id` text NOT NULL,
	`position` integer NOT NULL,
	`alt` text DEFAULT '' NOT NULL,
	`uploaded_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`image_id`) REFERENCES `images`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `listing_photos_transaction_idx` ON `listing_photos` (`transaction_id`,`position`);--> statement-breakpoint
CREATE INDEX `listing_photos_image_idx` ON `listing_photos` (`image_id`);--> statement-breakpoint
CREATE TABLE `listing_prices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`transaction_id` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`on` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `listing_prices_transaction_idx` ON `listing_prices` (`transaction_id`,`id`);--> statement-breakpoint
CREATE TABLE `listing_view_days` (
	`transaction_id` integer NOT NULL,
	`day` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`transaction_id`, `day`),
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `listing_views` (
	`transaction_id` integer NOT NULL,
	`day` text NOT NULL,
	`visitor` text NOT NULL,
	PRIMARY KEY(`transaction_id`, `day`, `visitor`),
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `open_house_visitors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`open_house_id` integer NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`phone` text,
	`has_agent` integer NOT NULL,
	`agent_name` text,
	`wants_similar` integer DEFAULT false NOT NULL,
	`submission_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`open_house_id`) REFERENCES `open_houses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`submission_id`) REFERENCES `contact_submissions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `open_house_visitors_open_house_idx` ON `open_house_visitors` (`open_house_id`,`id`);--> statement-breakpoint
CREATE TABLE `open_houses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`transaction_id` integer NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`host_id` text,
	`token` text NOT NULL,
	`created_by` text,
	`cancelled_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `open_houses_token_unique` ON `open_houses` (`token`);--> statement-breakpoint
CREATE INDEX `open_houses_starts_idx` ON `open_houses` (`starts_at`);--> statement-breakpoint
CREATE INDEX `open_houses_transaction_idx` ON `open_houses` (`transaction_id`,`starts_at`);--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `home_transaction_id` integer;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `source` text;--> statement-breakpoint
CREATE INDEX `contact_submissions_home_idx` ON `contact_submissions` (`home_transaction_id`,`source`) WHERE home_transaction_id IS NOT NULL;--> statement-breakpoint
CREATE TRIGGER `listing_views_count` AFTER INSERT ON `listing_views` BEGIN INSERT INTO `listing_view_days` (`transaction_id`, `day`, `views`) VALUES (NEW.`transaction_id`, NEW.`day`, 1) ON CONFLICT (`transaction_id`, `day`) DO UPDATE SET `views` = `views` + 1; END;--> statement-breakpoint
CREATE TRIGGER `transactions_listing_state` AFTER UPDATE OF `status`, `closed_at` ON `transactions` WHEN NEW.`type` = 'selling' BEGIN UPDATE `home_listings` SET `state` = CASE WHEN `seller_yes_at` IS NULL OR `mls_entered_on` IS NULL THEN 'hidden' WHEN NEW.`status` = 'active' THEN 'live' WHEN NEW.`status` = 'completed' THEN 'sold' ELSE 'hidden' END, `sold_on` = CASE WHEN NEW.`status` = 'completed' THEN date(NEW.`closed_at` / 1000, 'unixepoch') ELSE NULL END WHERE `transaction_id` = NEW.`id`; END;--> statement-breakpoint
CREATE TRIGGER `home_listings_scope_insert` AFTER INSERT ON `home_listings` BEGIN INSERT INTO `page_scopes` (`scope`, `version`) SELECT s, 1 FROM (SELECT 'homes' AS s UNION ALL SELECT 'open-houses' UNION ALL SELECT 'home:' || NEW.`transaction_id`) WHERE s IS NOT NULL ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER `home_listings_scope_update` AFTER UPDATE ON `home_listings` BEGIN INSERT INTO `page_scopes` (`scope`, `version`) SELECT s, 1 FROM (SELECT 'homes' AS s UNION ALL SELECT 'open-houses' UNION ALL SELECT 'home:' || NEW.`transaction_id`) WHERE s IS NOT NULL ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER `listing_photos_scope_insert` AFTER INSERT ON `listing_photos` BEGIN INSERT INTO `page_scopes` (`scope`, `version`) SELECT s, 1 FROM (SELECT 'homes' AS s UNION ALL SELECT 'home:' || NEW.`transaction_id`) WHERE s IS NOT NULL ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER `listing_photos_scope_update` AFTER UPDATE ON `listing_photos` BEGIN INSERT INTO `page_scopes` (`scope`, `version`) SELECT s, 1 FROM (SELECT 'homes' AS s UNION ALL SELECT 'home:' || NEW.`transaction_id`) WHERE s IS NOT NULL ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER `listing_photos_scope_delete` AFTER DELETE ON `listing_photos` BEGIN INSERT INTO `page_scopes` (`scope`, `version`) SELECT s, 1 FROM (SELECT 'homes' AS s UNION ALL SELECT 'home:' || OLD.`transaction_id`) WHERE s IS NOT NULL ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER `listing_prices_scope_insert` AFTER INSERT ON `listing_prices` BEGIN INSERT INTO `page_scopes` (`scope`, `version`) VALUES ('home:' || NEW.`transaction_id`, 1) ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER `open_houses_scope_insert` AFTER INSERT ON `open_houses` BEGIN INSERT INTO `page_scopes` (`scope`, `version`) SELECT s, 1 FROM (SELECT 'open-houses' AS s UNION ALL SELECT 'home:' || NEW.`transaction_id`) WHERE s IS NOT NULL ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER `open_houses_scope_update` AFTER UPDATE ON `open_houses` BEGIN INSERT INTO `page_scopes` (`scope`, `version`) SELECT s, 1 FROM (SELECT 'open-houses' AS s UNION ALL SELECT 'home:' || NEW.`transaction_id`) WHERE s IS NOT NULL ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `transactions_home_scope_update` AFTER UPDATE OF `property_address`, `assigned_agent_id` ON `transactions` WHEN NEW.`type` = 'selling' BEGIN INSERT INTO `page_scopes` (`scope`, `version`) SELECT s, 1 FROM (SELECT 'homes' AS s UNION ALL SELECT 'open-houses' UNION ALL SELECT 'home:' || NEW.`id`) WHERE s IS NOT NULL ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1; END;
