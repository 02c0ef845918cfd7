-- The deal's rules to the letter (docs/decisions/031-the-deals-rules.md).
-- The other side's agent's e-mail on an offer: told of a rejection or a withdrawal.
ALTER TABLE `offers` ADD `agent_email` text;--> statement-breakpoint
-- An offer awaiting the seller's final signature, or kept as a backup, no longer has a time to answer.
UPDATE `offers` SET `expires_at` = NULL WHERE `status` IN ('awaiting_final_signature', 'backup');--> statement-breakpoint
-- The audit is append-only: an INSERT OR REPLACE (which deletes without firing a DELETE trigger unless
-- recursive_triggers is on) or an INSERT ... ON CONFLICT DO UPDATE on an existing event is refused too.
CREATE TRIGGER `audit_events_never_replaced` BEFORE INSERT ON `audit_events`
WHEN NEW.`id` IS NOT NULL AND EXISTS (SELECT 1 FROM `audit_events` WHERE `id` = NEW.`id`)
BEGIN
  SELECT RAISE(ABORT, 'audit events are never replaced');
END;
