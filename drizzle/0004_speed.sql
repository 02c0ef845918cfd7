CREATE TABLE `content_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	`expire` integer
);
--> statement-breakpoint
CREATE INDEX `rate_limits_expire_idx` ON `rate_limits` (`expire`);--> statement-breakpoint
ALTER TABLE `transactions` ADD `milestones_total` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `transactions` ADD `milestones_completed` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The public-page cache's content version: any change to blog_posts, from any connection, raises it.
INSERT INTO `content_version` (`id`, `version`) VALUES (1, 0);--> statement-breakpoint
CREATE TRIGGER `blog_posts_version_insert` AFTER INSERT ON `blog_posts` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `blog_posts_version_update` AFTER UPDATE ON `blog_posts` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `blog_posts_version_delete` AFTER DELETE ON `blog_posts` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
-- Each transaction's milestone counts, kept in the same database transaction as the milestone change.
UPDATE `transactions` SET
  `milestones_total` = (SELECT count(*) FROM `transaction_milestones` m WHERE m.`transaction_id` = `transactions`.`id`),
  `milestones_completed` = (SELECT count(*) FROM `transaction_milestones` m WHERE m.`transaction_id` = `transactions`.`id` AND m.`status` = 'completed');--> statement-breakpoint
CREATE TRIGGER `milestones_count_insert` AFTER INSERT ON `transaction_milestones` BEGIN
  UPDATE `transactions` SET `milestones_total` = `milestones_total` + 1, `milestones_completed` = `milestones_completed` + (NEW.`status` = 'completed') WHERE `id` = NEW.`transaction_id`;
END;--> statement-breakpoint
CREATE TRIGGER `milestones_count_delete` AFTER DELETE ON `transaction_milestones` BEGIN
  UPDATE `transactions` SET `milestones_total` = `milestones_total` - 1, `milestones_completed` = `milestones_completed` - (OLD.`status` = 'completed') WHERE `id` = OLD.`transaction_id`;
END;--> statement-breakpoint
CREATE TRIGGER `milestones_count_update` AFTER UPDATE OF `status`, `transaction_id` ON `transaction_milestones` BEGIN
  UPDATE `transactions` SET `milestones_total` = `milestones_total` - 1, `milestones_completed` = `milestones_completed` - (OLD.`status` = 'completed') WHERE `id` = OLD.`transaction_id`;
  UPDATE `transactions` SET `milestones_total` = `milestones_total` + 1, `milestones_completed` = `milestones_completed` + (NEW.`status` = 'completed') WHERE `id` = NEW.`transaction_id`;
END;--> statement-breakpoint
-- Substring search (case-insensitive trigrams) over a transaction's address, client id, e-mail and name.
CREATE VIRTUAL TABLE `transactions_fts` USING fts5(`address`, `user_id`, `email`, `name`, tokenize = 'trigram');--> statement-breakpoint
INSERT INTO `transactions_fts` (`rowid`, `address`, `user_id`, `email`, `name`)
  SELECT t.`id`, coalesce(t.`property_address`, ''), t.`user_id`, u.`email`, coalesce(u.`first_name`, '') || ' ' || coalesce(u.`last_name`, '')
  FROM `transactions` t JOIN `users` u ON u.`id` = t.`user_id`;--> statement-breakpoint
CREATE TRIGGER `transactions_fts_insert` AFTER INSERT ON `transactions` BEGIN
  INSERT INTO `transactions_fts` (`rowid`, `address`, `user_id`, `email`, `name`)
    SELECT NEW.`id`, coalesce(NEW.`property_address`, ''), NEW.`user_id`, u.`email`, coalesce(u.`first_name`, '') || ' ' || coalesce(u.`last_name`, '')
    FROM `users` u WHERE u.`id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `transactions_fts_update` AFTER UPDATE OF `property_address`, `user_id` ON `transactions` BEGIN
  DELETE FROM `transactions_fts` WHERE `rowid` = OLD.`id`;
  INSERT INTO `transactions_fts` (`rowid`, `address`, `user_id`, `email`, `name`)
    SELECT NEW.`id`, coalesce(NEW.`property_address`, ''), NEW.`user_id`, u.`email`, coalesce(u.`first_name`, '') || ' ' || coalesce(u.`last_name`, '')
    FROM `users` u WHERE u.`id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `transactions_fts_delete` AFTER DELETE ON `transactions` BEGIN
  DELETE FROM `transactions_fts` WHERE `rowid` = OLD.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `users_transactions_fts_update` AFTER UPDATE OF `email`, `first_name`, `last_name` ON `users` BEGIN
  DELETE FROM `transactions_fts` WHERE `rowid` IN (SELECT `id` FROM `transactions` WHERE `user_id` = NEW.`id`);
  INSERT INTO `transactions_fts` (`rowid`, `address`, `user_id`, `email`, `name`)
    SELECT t.`id`, coalesce(t.`property_address`, ''), t.`user_id`, NEW.`email`, coalesce(NEW.`first_name`, '') || ' ' || coalesce(NEW.`last_name`, '')
    FROM `transactions` t WHERE t.`user_id` = NEW.`id`;
END;--> statement-breakpoint
-- The same for the leads list: a submission's name, e-mail and phone.
CREATE VIRTUAL TABLE `contact_submissions_fts` USING fts5(`name`, `email`, `phone`, tokenize = 'trigram');--> statement-breakpoint
INSERT INTO `contact_submissions_fts` (`rowid`, `name`, `email`, `phone`)
  SELECT `id`, `first_name` || ' ' || `last_name`, `email`, `phone` FROM `contact_submissions`;--> statement-breakpoint
CREATE TRIGGER `contact_submissions_fts_insert` AFTER INSERT ON `contact_submissions` BEGIN
  INSERT INTO `contact_submissions_fts` (`rowid`, `name`, `email`, `phone`) VALUES (NEW.`id`, NEW.`first_name` || ' ' || NEW.`last_name`, NEW.`email`, NEW.`phone`);
END;--> statement-breakpoint
CREATE TRIGGER `contact_submissions_fts_update` AFTER UPDATE OF `first_name`, `last_name`, `email`, `phone` ON `contact_submissions` BEGIN
  DELETE FROM `contact_submissions_fts` WHERE `rowid` = OLD.`id`;
  INSERT INTO `contact_submissions_fts` (`rowid`, `name`, `email`, `phone`) VALUES (NEW.`id`, NEW.`first_name` || ' ' || NEW.`last_name`, NEW.`email`, NEW.`phone`);
END;--> statement-breakpoint
CREATE TRIGGER `contact_submissions_fts_delete` AFTER DELETE ON `contact_submissions` BEGIN
  DELETE FROM `contact_submissions_fts` WHERE `rowid` = OLD.`id`;
END;
