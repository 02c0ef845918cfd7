CREATE TABLE `agent_profiles` (
	`user_id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`title` text,
	`bio` text,
	`languages` text,
	`areas` text,
	`photo_image_id` text,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`photo_image_id`) REFERENCES `images`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `agent_profiles_slug_unique` ON `agent_profiles` (`slug`);--> statement-breakpoint
CREATE TABLE `public_counts` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`total` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `review_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`transaction_id` integer NOT NULL,
	`user_id` text,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	`remind_at` integer,
	`used_at` integer,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_requests_token_hash_unique` ON `review_requests` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `review_requests_person_idx` ON `review_requests` (`transaction_id`,`email`);--> statement-breakpoint
CREATE INDEX `review_requests_remind_idx` ON `review_requests` (`remind_at`) WHERE remind_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX `review_requests_user_idx` ON `review_requests` (`user_id`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`request_id` integer NOT NULL,
	`transaction_id` integer NOT NULL,
	`user_id` text,
	`agent_id` text,
	`rating` integer NOT NULL,
	`text` text NOT NULL,
	`display_name` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`hidden_reason` text,
	`hidden_by` text,
	`hidden_at` integer,
	`reply` text,
	`replied_by` text,
	`replied_at` integer,
	FOREIGN KEY (`request_id`) REFERENCES `review_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`agent_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`hidden_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`replied_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_request_id_unique` ON `reviews` (`request_id`);--> statement-breakpoint
CREATE INDEX `reviews_published_idx` ON `reviews` (`created_at`,`id`) WHERE hidden_at IS NULL;--> statement-breakpoint
CREATE INDEX `reviews_agent_idx` ON `reviews` (`agent_id`,`created_at`,`id`) WHERE hidden_at IS NULL;--> statement-breakpoint
CREATE INDEX `reviews_created_idx` ON `reviews` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `reviews_user_idx` ON `reviews` (`user_id`);--> statement-breakpoint
CREATE TABLE `sold_homes` (
	`transaction_id` integer PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`agent_id` text,
	`side` text NOT NULL,
	`address` text NOT NULL,
	`zip` text,
	`neighbourhood` text NOT NULL,
	`closed_at` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`fee_cents` integer NOT NULL,
	`saved_cents` integer NOT NULL,
	`asked_at` integer NOT NULL,
	`answered_at` integer,
	`shown` integer DEFAULT false NOT NULL,
	`detail` text DEFAULT 'neighbourhood' NOT NULL,
	`photo` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`agent_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `sold_homes_shown_idx` ON `sold_homes` (`closed_at`) WHERE shown = 1;--> statement-breakpoint
CREATE INDEX `sold_homes_zip_idx` ON `sold_homes` (`zip`,`closed_at`) WHERE shown = 1;--> statement-breakpoint
CREATE INDEX `sold_homes_area_idx` ON `sold_homes` (`neighbourhood`,`closed_at`) WHERE shown = 1;--> statement-breakpoint
CREATE INDEX `sold_homes_agent_idx` ON `sold_homes` (`agent_id`,`closed_at`) WHERE shown = 1;--> statement-breakpoint
CREATE INDEX `sold_homes_user_idx` ON `sold_homes` (`user_id`);--> statement-breakpoint
ALTER TABLE `transactions` ADD `closing_price_cents` integer;--> statement-breakpoint
CREATE TRIGGER `sold_homes_counts_insert` AFTER INSERT ON `sold_homes` WHEN NEW.`shown` = 1 BEGIN INSERT INTO `public_counts` (`key`, `count`, `total`) SELECT k, +1, +NEW.`saved_cents` FROM (SELECT 'sold' AS k UNION ALL SELECT 'sold:zip:' || NEW.`zip` UNION ALL SELECT 'sold:area:' || NEW.`neighbourhood`) WHERE k IS NOT NULL AND NEW.`shown` = 1 ON CONFLICT (`key`) DO UPDATE SET `count` = `count` + excluded.`count`, `total` = `total` + excluded.`total`; INSERT INTO `page_scopes` (`scope`, `version`) SELECT s, 1 FROM (SELECT 'sold' AS s UNION ALL SELECT 'home' UNION ALL SELECT 'agent:' || NEW.`agent_id`) WHERE s IS NOT NULL ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `sold_homes_counts_update` AFTER UPDATE ON `sold_homes` WHEN OLD.`shown` = 1 OR NEW.`shown` = 1 BEGIN INSERT INTO `public_counts` (`key`, `count`, `total`) SELECT k, -1, -OLD.`saved_cents` FROM (SELECT 'sold' AS k UNION ALL SELECT 'sold:zip:' || OLD.`zip` UNION ALL SELECT 'sold:area:' || OLD.`neighbourhood`) WHERE k IS NOT NULL AND OLD.`shown` = 1 ON CONFLICT (`key`) DO UPDATE SET `count` = `count` + excluded.`count`, `total` = `total` + excluded.`total`; INSERT INTO `public_counts` (`key`, `count`, `total`) SELECT k, +1, +NEW.`saved_cents` FROM (SELECT 'sold' AS k UNION ALL SELECT 'sold:zip:' || NEW.`zip` UNION ALL SELECT 'sold:area:' || NEW.`neighbourhood`) WHERE k IS NOT NULL AND NEW.`shown` = 1 ON CONFLICT (`key`) DO UPDATE SET `count` = `count` + excluded.`count`, `total` = `total` + excluded.`total`; INSERT INTO `page_scopes` (`scope`, `version`) SELECT s, 1 FROM (SELECT 'sold' AS s UNION ALL SELECT 'home' UNION ALL SELECT 'agent:' || OLD.`agent_id`) WHERE s IS NOT NULL ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1; INSERT INTO `page_scopes` (`scope`, `version`) SELECT s, 1 FROM (SELECT 'agent:' || NEW.`agent_id` AS s) WHERE s IS NOT NULL ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `sold_homes_counts_delete` AFTER DELETE ON `sold_homes` WHEN OLD.`shown` = 1 BEGIN INSERT INTO `public_counts` (`key`, `count`, `total`) SELECT k, -1, -OLD.`saved_cents` FROM (SELECT 'sold' AS k UNION ALL SELECT 'sold:zip:' || OLD.`zip` UNION ALL SELECT 'sold:area:' || OLD.`neighbourhood`) WHERE k IS NOT NULL AND OLD.`shown` = 1 ON CONFLICT (`key`) DO UPDATE SET `count` = `count` + excluded.`count`, `total` = `total` + excluded.`total`; INSERT INTO `page_scopes` (`scope`, `version`) SELECT s, 1 FROM (SELECT 'sold' AS s UNION ALL SELECT 'home' UNION ALL SELECT 'agent:' || OLD.`agent_id`) WHERE s IS NOT NULL ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `reviews_counts_insert` AFTER INSERT ON `reviews` BEGIN INSERT INTO `public_counts` (`key`, `count`, `total`) SELECT k, +1, +NEW.`rating` FROM (SELECT 'reviews' AS k UNION ALL SELECT 'reviews:agent:' || NEW.`agent_id`) WHERE k IS NOT NULL AND NEW.`hidden_at` IS NULL ON CONFLICT (`key`) DO UPDATE SET `count` = `count` + excluded.`count`, `total` = `total` + excluded.`total`; INSERT INTO `page_scopes` (`scope`, `version`) SELECT s, 1 FROM (SELECT 'reviews' AS s UNION ALL SELECT 'home' UNION ALL SELECT 'agent:' || NEW.`agent_id`) WHERE s IS NOT NULL ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `reviews_counts_update` AFTER UPDATE ON `reviews` BEGIN INSERT INTO `public_counts` (`key`, `count`, `total`) SELECT k, -1, -OLD.`rating` FROM (SELECT 'reviews' AS k UNION ALL SELECT 'reviews:agent:' || OLD.`agent_id`) WHERE k IS NOT NULL AND OLD.`hidden_at` IS NULL ON CONFLICT (`key`) DO UPDATE SET `count` = `count` + excluded.`count`, `total` = `total` + excluded.`total`; INSERT INTO `public_counts` (`key`, `count`, `total`) SELECT k, +1, +NEW.`rating` FROM (SELECT 'reviews' AS k UNION ALL SELECT 'reviews:agent:' || NEW.`agent_id`) WHERE k IS NOT NULL AND NEW.`hidden_at` IS NULL ON CONFLICT (`key`) DO UPDATE SET `count` = `count` + excluded.`count`, `total` = `total` + excluded.`total`; INSERT INTO `page_scopes` (`scope`, `version`) SELECT s, 1 FROM (SELECT 'reviews' AS s UNION ALL SELECT 'home' UNION ALL SELECT 'agent:' || OLD.`agent_id`) WHERE s IS NOT NULL ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1; INSERT INTO `page_scopes` (`scope`, `version`) SELECT s, 1 FROM (SELECT 'agent:' || NEW.`agent_id` AS s) WHERE s IS NOT NULL ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `reviews_counts_delete` AFTER DELETE ON `reviews` BEGIN INSERT INTO `public_counts` (`key`, `count`, `total`) SELECT k, -1, -OLD.`rating` FROM (SELECT 'reviews' AS k UNION ALL SELECT 'reviews:agent:' || OLD.`agent_id`) WHERE k IS NOT NULL AND OLD.`hidden_at` IS NULL ON CONFLICT (`key`) DO UPDATE SET `count` = `count` + excluded.`count`, `total` = `total` + excluded.`total`; INSERT INTO `page_scopes` (`scope`, `version`) SELECT s, 1 FROM (SELECT 'reviews' AS s UNION ALL SELECT 'home' UNION ALL SELECT 'agent:' || OLD.`agent_id`) WHERE s IS NOT NULL ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `agent_profiles_scope_insert` AFTER INSERT ON `agent_profiles` BEGIN INSERT INTO `page_scopes` (`scope`, `version`) SELECT s, 1 FROM (SELECT 'agents' AS s UNION ALL SELECT 'home' UNION ALL SELECT 'sold' UNION ALL SELECT 'reviews' UNION ALL SELECT 'agent:' || NEW.`user_id`) WHERE s IS NOT NULL ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `agent_profiles_scope_update` AFTER UPDATE ON `agent_profiles` BEGIN INSERT INTO `page_scopes` (`scope`, `version`) SELECT s, 1 FROM (SELECT 'agents' AS s UNION ALL SELECT 'home' UNION ALL SELECT 'sold' UNION ALL SELECT 'reviews' UNION ALL SELECT 'agent:' || NEW.`user_id`) WHERE s IS NOT NULL ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `agent_profiles_scope_delete` AFTER DELETE ON `agent_profiles` BEGIN INSERT INTO `page_scopes` (`scope`, `version`) SELECT s, 1 FROM (SELECT 'agents' AS s UNION ALL SELECT 'home' UNION ALL SELECT 'sold' UNION ALL SELECT 'reviews' UNION ALL SELECT 'agent:' || OLD.`user_id`) WHERE s IS NOT NULL ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `users_profile_scope_update` AFTER UPDATE OF `first_name`, `last_name`, `email`, `phone`, `license_number`, `deactivated_at`, `is_admin`, `is_agent` ON `users` WHEN EXISTS (SELECT 1 FROM `agent_profiles` WHERE `user_id` = NEW.`id`) BEGIN INSERT INTO `page_scopes` (`scope`, `version`) SELECT s, 1 FROM (SELECT 'agents' AS s UNION ALL SELECT 'home' UNION ALL SELECT 'sold' UNION ALL SELECT 'reviews' UNION ALL SELECT 'agent:' || NEW.`id`) WHERE s IS NOT NULL ON CONFLICT (`scope`) DO UPDATE SET `version` = `version` + 1; END;
