CREATE TABLE `transaction_counts` (
	`status` text NOT NULL,
	`type` text NOT NULL,
	`current_step` integer NOT NULL,
	`n` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `transaction_counts_key_idx` ON `transaction_counts` (`status`,`type`,`current_step`);--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `lead_score` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `contact_submissions_score_idx` ON `contact_submissions` (`lead_score`,`created_at`);--> statement-breakpoint
-- Transactions per (status, type, step), kept in the same statement as each change.
INSERT INTO `transaction_counts` (`status`, `type`, `current_step`, `n`)
  SELECT `status`, `type`, `current_step`, count(*) FROM `transactions` GROUP BY `status`, `type`, `current_step`;--> statement-breakpoint
CREATE TRIGGER `transaction_counts_insert` AFTER INSERT ON `transactions` BEGIN
  INSERT INTO `transaction_counts` (`status`, `type`, `current_step`, `n`) VALUES (NEW.`status`, NEW.`type`, NEW.`current_step`, 1)
    ON CONFLICT (`status`, `type`, `current_step`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `transaction_counts_delete` AFTER DELETE ON `transactions` BEGIN
  UPDATE `transaction_counts` SET `n` = `n` - 1 WHERE `status` = OLD.`status` AND `type` = OLD.`type` AND `current_step` = OLD.`current_step`;
END;--> statement-breakpoint
CREATE TRIGGER `transaction_counts_update` AFTER UPDATE OF `status`, `type`, `current_step` ON `transactions` BEGIN
  UPDATE `transaction_counts` SET `n` = `n` - 1 WHERE `status` = OLD.`status` AND `type` = OLD.`type` AND `current_step` = OLD.`current_step`;
  INSERT INTO `transaction_counts` (`status`, `type`, `current_step`, `n`) VALUES (NEW.`status`, NEW.`type`, NEW.`current_step`, 1)
    ON CONFLICT (`status`, `type`, `current_step`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint
-- Each submission carries its engagement's score, so the leads list sorts by score from an index.
UPDATE `contact_submissions` SET `lead_score` = coalesce((SELECT `score` FROM `lead_engagement` e WHERE e.`id` = `contact_submissions`.`engagement_id`), 0);--> statement-breakpoint
CREATE TRIGGER `lead_score_from_engagement` AFTER UPDATE OF `score` ON `lead_engagement` BEGIN
  UPDATE `contact_submissions` SET `lead_score` = NEW.`score` WHERE `engagement_id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `lead_score_engagement_gone` AFTER DELETE ON `lead_engagement` BEGIN
  UPDATE `contact_submissions` SET `lead_score` = 0 WHERE `engagement_id` = OLD.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `lead_score_on_link` AFTER UPDATE OF `engagement_id` ON `contact_submissions` BEGIN
  UPDATE `contact_submissions` SET `lead_score` = coalesce((SELECT `score` FROM `lead_engagement` WHERE `id` = NEW.`engagement_id`), 0) WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `lead_score_on_insert` AFTER INSERT ON `contact_submissions` WHEN NEW.`engagement_id` IS NOT NULL BEGIN
  UPDATE `contact_submissions` SET `lead_score` = coalesce((SELECT `score` FROM `lead_engagement` WHERE `id` = NEW.`engagement_id`), 0) WHERE `id` = NEW.`id`;
END;
