-- Ten years of data (docs/decisions/admin-at-scale.md). The order matters on a large outbox: the bodies
-- move out first, so the new indexes are built from rows of a few hundred bytes, not of 4.7 KB.
CREATE TABLE `email_contents` (
	`email_id` integer PRIMARY KEY NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text NOT NULL,
	`headers` text DEFAULT '{}' NOT NULL,
	`payload` text,
	FOREIGN KEY (`email_id`) REFERENCES `email_outbox`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `email_contents` (`email_id`, `text_body`, `html_body`, `headers`, `payload`)
  SELECT `id`, `text_body`, `html_body`, `headers`, `payload` FROM `email_outbox`;--> statement-breakpoint
-- The largest column first: each DROP COLUMN rewrites the rows that are left.
ALTER TABLE `email_outbox` DROP COLUMN `html_body`;--> statement-breakpoint
ALTER TABLE `email_outbox` DROP COLUMN `text_body`;--> statement-breakpoint
ALTER TABLE `email_outbox` DROP COLUMN `payload`;--> statement-breakpoint
ALTER TABLE `email_outbox` DROP COLUMN `headers`;--> statement-breakpoint
DROP INDEX `email_outbox_submission_idx`;--> statement-breakpoint
CREATE INDEX `email_outbox_status_created_idx` ON `email_outbox` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_kind_created_idx` ON `email_outbox` (`kind`,`created_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_submission_created_idx` ON `email_outbox` (`contact_submission_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_engagement_created_idx` ON `email_outbox` (`engagement_id`,`created_at`);--> statement-breakpoint
-- E-mails per (status, kind), kept in the same statement as each change. Every change is an upsert, a
-- decrement too: SQLite does not promise the order of two triggers on one row (an insert and the update
-- another trigger makes of it), and a count must come out right in either.
CREATE TABLE `email_counts` (
	`status` text NOT NULL,
	`kind` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_counts_key_idx` ON `email_counts` (`status`,`kind`);--> statement-breakpoint
INSERT INTO `email_counts` (`status`, `kind`, `n`) SELECT `status`, `kind`, count(*) FROM `email_outbox` GROUP BY `status`, `kind`;--> statement-breakpoint
CREATE TRIGGER `email_counts_insert` AFTER INSERT ON `email_outbox` BEGIN
  INSERT INTO `email_counts` (`status`, `kind`, `n`) VALUES (NEW.`status`, NEW.`kind`, 1)
    ON CONFLICT (`status`, `kind`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `email_counts_delete` AFTER DELETE ON `email_outbox` BEGIN
  INSERT INTO `email_counts` (`status`, `kind`, `n`) VALUES (OLD.`status`, OLD.`kind`, -1)
    ON CONFLICT (`status`, `kind`) DO UPDATE SET `n` = `n` - 1;
END;--> statement-breakpoint
CREATE TRIGGER `email_counts_update` AFTER UPDATE OF `status`, `kind` ON `email_outbox`
  WHEN NEW.`status` IS NOT OLD.`status` OR NEW.`kind` IS NOT OLD.`kind` BEGIN
  INSERT INTO `email_counts` (`status`, `kind`, `n`) VALUES (OLD.`status`, OLD.`kind`, -1)
    ON CONFLICT (`status`, `kind`) DO UPDATE SET `n` = `n` - 1;
  INSERT INTO `email_counts` (`status`, `kind`, `n`) VALUES (NEW.`status`, NEW.`kind`, 1)
    ON CONFLICT (`status`, `kind`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint
-- Each submission carries its engagement's status as it carries its score (0005), so the leads list
-- filters by status from an index; the score's triggers now keep both.
ALTER TABLE `contact_submissions` ADD `engagement_status` text;--> statement-breakpoint
UPDATE `contact_submissions` SET `engagement_status` = (SELECT `status` FROM `lead_engagement` e WHERE e.`id` = `contact_submissions`.`engagement_id`)
  WHERE `engagement_id` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `contact_submissions_status_created_idx` ON `contact_submissions` (`engagement_status`,`created_at`);--> statement-breakpoint
CREATE INDEX `contact_submissions_status_score_idx` ON `contact_submissions` (`engagement_status`,`lead_score`,`created_at`);--> statement-breakpoint
DROP TRIGGER `lead_score_from_engagement`;--> statement-breakpoint
DROP TRIGGER `lead_score_engagement_gone`;--> statement-breakpoint
DROP TRIGGER `lead_score_on_link`;--> statement-breakpoint
DROP TRIGGER `lead_score_on_insert`;--> statement-breakpoint
CREATE TRIGGER `lead_from_engagement` AFTER UPDATE OF `score`, `status` ON `lead_engagement` BEGIN
  UPDATE `contact_submissions` SET `lead_score` = NEW.`score`, `engagement_status` = NEW.`status` WHERE `engagement_id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `lead_engagement_gone` AFTER DELETE ON `lead_engagement` BEGIN
  UPDATE `contact_submissions` SET `lead_score` = 0, `engagement_status` = NULL WHERE `engagement_id` = OLD.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `lead_on_link` AFTER UPDATE OF `engagement_id` ON `contact_submissions` BEGIN
  UPDATE `contact_submissions` SET
    `lead_score` = coalesce((SELECT `score` FROM `lead_engagement` WHERE `id` = NEW.`engagement_id`), 0),
    `engagement_status` = (SELECT `status` FROM `lead_engagement` WHERE `id` = NEW.`engagement_id`)
  WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `lead_on_insert` AFTER INSERT ON `contact_submissions` WHEN NEW.`engagement_id` IS NOT NULL BEGIN
  UPDATE `contact_submissions` SET
    `lead_score` = coalesce((SELECT `score` FROM `lead_engagement` WHERE `id` = NEW.`engagement_id`), 0),
    `engagement_status` = (SELECT `status` FROM `lead_engagement` WHERE `id` = NEW.`engagement_id`)
  WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
-- Submissions per lead status (the engagement's, or 'new' without one).
CREATE TABLE `lead_counts` (
	`status` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lead_counts_key_idx` ON `lead_counts` (`status`);--> statement-breakpoint
INSERT INTO `lead_counts` (`status`, `n`) SELECT coalesce(`engagement_status`, 'new'), count(*) FROM `contact_submissions` GROUP BY 1;--> statement-breakpoint
CREATE TRIGGER `lead_counts_insert` AFTER INSERT ON `contact_submissions` BEGIN
  INSERT INTO `lead_counts` (`status`, `n`) VALUES (coalesce(NEW.`engagement_status`, 'new'), 1)
    ON CONFLICT (`status`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `lead_counts_delete` AFTER DELETE ON `contact_submissions` BEGIN
  INSERT INTO `lead_counts` (`status`, `n`) VALUES (coalesce(OLD.`engagement_status`, 'new'), -1)
    ON CONFLICT (`status`) DO UPDATE SET `n` = `n` - 1;
END;--> statement-breakpoint
CREATE TRIGGER `lead_counts_update` AFTER UPDATE OF `engagement_status` ON `contact_submissions`
  WHEN NEW.`engagement_status` IS NOT OLD.`engagement_status` BEGIN
  INSERT INTO `lead_counts` (`status`, `n`) VALUES (coalesce(OLD.`engagement_status`, 'new'), -1)
    ON CONFLICT (`status`) DO UPDATE SET `n` = `n` - 1;
  INSERT INTO `lead_counts` (`status`, `n`) VALUES (coalesce(NEW.`engagement_status`, 'new'), 1)
    ON CONFLICT (`status`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint
-- Engagements per (campaign, status) for the campaigns list (campaign 0: none).
CREATE TABLE `engagement_counts` (
	`campaign_id` integer NOT NULL,
	`status` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `engagement_counts_key_idx` ON `engagement_counts` (`campaign_id`,`status`);--> statement-breakpoint
INSERT INTO `engagement_counts` (`campaign_id`, `status`, `n`)
  SELECT coalesce(`campaign_id`, 0), `status`, count(*) FROM `lead_engagement` GROUP BY 1, 2;--> statement-breakpoint
CREATE TRIGGER `engagement_counts_insert` AFTER INSERT ON `lead_engagement` BEGIN
  INSERT INTO `engagement_counts` (`campaign_id`, `status`, `n`) VALUES (coalesce(NEW.`campaign_id`, 0), NEW.`status`, 1)
    ON CONFLICT (`campaign_id`, `status`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `engagement_counts_delete` AFTER DELETE ON `lead_engagement` BEGIN
  INSERT INTO `engagement_counts` (`campaign_id`, `status`, `n`) VALUES (coalesce(OLD.`campaign_id`, 0), OLD.`status`, -1)
    ON CONFLICT (`campaign_id`, `status`) DO UPDATE SET `n` = `n` - 1;
END;--> statement-breakpoint
CREATE TRIGGER `engagement_counts_update` AFTER UPDATE OF `campaign_id`, `status` ON `lead_engagement`
  WHEN NEW.`campaign_id` IS NOT OLD.`campaign_id` OR NEW.`status` IS NOT OLD.`status` BEGIN
  INSERT INTO `engagement_counts` (`campaign_id`, `status`, `n`) VALUES (coalesce(OLD.`campaign_id`, 0), OLD.`status`, -1)
    ON CONFLICT (`campaign_id`, `status`) DO UPDATE SET `n` = `n` - 1;
  INSERT INTO `engagement_counts` (`campaign_id`, `status`, `n`) VALUES (coalesce(NEW.`campaign_id`, 0), NEW.`status`, 1)
    ON CONFLICT (`campaign_id`, `status`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint
CREATE INDEX `transactions_type_created_idx` ON `transactions` (`type`,`created_at`);
