CREATE TABLE `audit_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` text,
	`actor_name` text NOT NULL,
	`actor_role` text NOT NULL,
	`action` text NOT NULL,
	`subject_type` text NOT NULL,
	`subject_id` text,
	`transaction_id` integer,
	`at` integer NOT NULL,
	`ip` text,
	`changes` text
);
--> statement-breakpoint
CREATE INDEX `audit_events_transaction_idx` ON `audit_events` (`transaction_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_events_actor_idx` ON `audit_events` (`actor_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_events_action_idx` ON `audit_events` (`action`,`id`);--> statement-breakpoint
CREATE INDEX `audit_events_at_idx` ON `audit_events` (`at`);--> statement-breakpoint
CREATE TABLE `transaction_collaborators` (
	`transaction_id` integer NOT NULL,
	`user_id` text NOT NULL,
	PRIMARY KEY(`transaction_id`, `user_id`),
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `transaction_collaborators_user_idx` ON `transaction_collaborators` (`user_id`,`transaction_id`);--> statement-breakpoint
ALTER TABLE `agency_settings` ADD `routing` text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE `agency_settings` ADD `claim_minutes` integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE `agency_settings` ADD `round_robin_last` text;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `assigned_agent_id` text REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `assigned_at` integer;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `claim_until` integer;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `first_action_at` integer;--> statement-breakpoint
CREATE INDEX `contact_submissions_agent_created_idx` ON `contact_submissions` (`assigned_agent_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `contact_submissions_agent_status_created_idx` ON `contact_submissions` (`assigned_agent_id`,`engagement_status`,`created_at`);--> statement-breakpoint
CREATE INDEX `contact_submissions_agent_score_idx` ON `contact_submissions` (`assigned_agent_id`,`lead_score`,`created_at`);--> statement-breakpoint
CREATE INDEX `contact_submissions_agent_status_score_idx` ON `contact_submissions` (`assigned_agent_id`,`engagement_status`,`lead_score`,`created_at`);--> statement-breakpoint
CREATE INDEX `contact_submissions_claim_idx` ON `contact_submissions` (`claim_until`) WHERE claim_until IS NOT NULL;--> statement-breakpoint
CREATE INDEX `contact_submissions_untouched_idx` ON `contact_submissions` (`created_at`) WHERE first_action_at IS NULL AND assigned_agent_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE `transactions` ADD `assigned_agent_id` text REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `transactions_agent_created_idx` ON `transactions` (`assigned_agent_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `transactions_agent_type_created_idx` ON `transactions` (`assigned_agent_id`,`type`,`created_at`);--> statement-breakpoint
CREATE INDEX `transactions_agent_status_idx` ON `transactions` (`assigned_agent_id`,`status`,`type`,`current_step`);--> statement-breakpoint
ALTER TABLE `users` ADD `is_agent` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `phone` text;--> statement-breakpoint
ALTER TABLE `users` ADD `license_number` text;--> statement-breakpoint
ALTER TABLE `users` ADD `takes_leads` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `deactivated_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `team_position` integer;--> statement-breakpoint
CREATE INDEX `users_team_idx` ON `users` (`team_position`,`email`) WHERE is_admin = 1 OR is_agent = 1;--> statement-breakpoint
-- Who did what is append-only (app/db/schema.ts, audit_events): the database refuses a change or a removal.
CREATE TRIGGER `audit_events_never_changed` BEFORE UPDATE ON `audit_events`
BEGIN
  SELECT RAISE(ABORT, 'audit events are never changed');
END;
--> statement-breakpoint
CREATE TRIGGER `audit_events_never_deleted` BEFORE DELETE ON `audit_events`
BEGIN
  SELECT RAISE(ABORT, 'audit events are never deleted');
END;
