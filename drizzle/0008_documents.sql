CREATE TABLE `documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`transaction_id` integer NOT NULL,
	`milestone_id` integer,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`sha256` text NOT NULL,
	`storage_key` text NOT NULL,
	`uploaded_by` text,
	`uploaded_by_role` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`removed_at` integer,
	`removed_by` text,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`milestone_id`) REFERENCES `transaction_milestones`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`removed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `documents_storage_key_unique` ON `documents` (`storage_key`);--> statement-breakpoint
CREATE INDEX `documents_transaction_created_idx` ON `documents` (`transaction_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `documents_removed_idx` ON `documents` (`removed_at`);--> statement-breakpoint
CREATE TABLE `images` (
	`id` text PRIMARY KEY NOT NULL,
	`variants` text NOT NULL,
	`uploaded_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `image_id` text REFERENCES images(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `blog_posts_image_idx` ON `blog_posts` (`image_id`);--> statement-breakpoint
ALTER TABLE `transactions` ADD `closed_at` integer;--> statement-breakpoint
CREATE INDEX `transactions_closed_at_idx` ON `transactions` (`closed_at`);--> statement-breakpoint
-- Transactions closed before this migration: their last change is the best date there is.
UPDATE `transactions` SET `closed_at` = `updated_at` WHERE `status` IN ('completed', 'cancelled');
