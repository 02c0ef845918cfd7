-- Copies off the host (issue 39; app/models/offsite.server.ts): each stored file's copy in the S3-compatible store,
-- the durable queue of copies and deletions, and the state the Backups panel reads.
CREATE TABLE `offsite_files` (
	`key` text PRIMARY KEY NOT NULL,
	`sha256` text NOT NULL,
	`size` integer NOT NULL,
	`stored_at` integer NOT NULL,
	`copied_at` integer,
	`etag` text,
	`version_id` text,
	`removed_at` integer
);
--> statement-breakpoint
CREATE TABLE `offsite_queue` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`action` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `offsite_queue_due_idx` ON `offsite_queue` (`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `offsite_queue_created_idx` ON `offsite_queue` (`created_at`);--> statement-breakpoint
CREATE TABLE `offsite_status` (
	`id` integer PRIMARY KEY NOT NULL,
	`last_snapshot_at` integer,
	`last_snapshot_key` text,
	`last_snapshot_bytes` integer,
	`last_error` text,
	`last_error_at` integer,
	`versioning` text,
	`incident_since` integer,
	`incident_reason` text,
	`backfilled_at` integer
);
