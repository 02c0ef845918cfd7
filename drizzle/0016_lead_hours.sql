-- New leads per hour and agent, kept by triggers (app/db/schema.ts lead_hours; docs/decisions/
-- 031-the-deals-rules.md): the dashboard's leads per week read a few thousand rows, however many leads arrived.
CREATE TABLE `lead_hours` (
	`agent_id` text DEFAULT '' NOT NULL,
	`hour` integer NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`agent_id`, `hour`)
);
--> statement-breakpoint
CREATE INDEX `lead_hours_hour_idx` ON `lead_hours` (`hour`);--> statement-breakpoint
INSERT INTO `lead_hours` (`agent_id`, `hour`, `n`)
  SELECT coalesce(`assigned_agent_id`, ''), `created_at` / 3600000, count(*) FROM `contact_submissions` GROUP BY 1, 2;--> statement-breakpoint
CREATE TRIGGER `lead_hours_insert` AFTER INSERT ON `contact_submissions` BEGIN
  INSERT INTO `lead_hours` (`agent_id`, `hour`, `n`) VALUES (coalesce(NEW.`assigned_agent_id`, ''), NEW.`created_at` / 3600000, 1)
    ON CONFLICT (`agent_id`, `hour`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `lead_hours_delete` AFTER DELETE ON `contact_submissions` BEGIN
  UPDATE `lead_hours` SET `n` = `n` - 1
    WHERE `agent_id` = coalesce(OLD.`assigned_agent_id`, '') AND `hour` = OLD.`created_at` / 3600000;
END;
--> statement-breakpoint
CREATE TRIGGER `lead_hours_update` AFTER UPDATE OF `assigned_agent_id`, `created_at` ON `contact_submissions`
WHEN coalesce(OLD.`assigned_agent_id`, '') IS NOT coalesce(NEW.`assigned_agent_id`, '')
  OR OLD.`created_at` / 3600000 IS NOT NEW.`created_at` / 3600000
BEGIN
  UPDATE `lead_hours` SET `n` = `n` - 1
    WHERE `agent_id` = coalesce(OLD.`assigned_agent_id`, '') AND `hour` = OLD.`created_at` / 3600000;
  INSERT INTO `lead_hours` (`agent_id`, `hour`, `n`) VALUES (coalesce(NEW.`assigned_agent_id`, ''), NEW.`created_at` / 3600000, 1)
    ON CONFLICT (`agent_id`, `hour`) DO UPDATE SET `n` = `n` + 1;
END;
