-- content_version row 2: raised by each new or deleted lead (contact submission), so the dashboard's
-- leads-per-week chart is counted again only when a lead came or went (dashboard.server.ts).
INSERT INTO `content_version` (`id`, `version`) VALUES (2, 0);--> statement-breakpoint
CREATE TRIGGER `contact_submissions_version_insert` AFTER INSERT ON `contact_submissions` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 2; END;--> statement-breakpoint
CREATE TRIGGER `contact_submissions_version_delete` AFTER DELETE ON `contact_submissions` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 2; END;--> statement-breakpoint
CREATE TRIGGER `contact_submissions_version_update` AFTER UPDATE OF `created_at` ON `contact_submissions` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 2; END;
