CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`transaction_id` integer NOT NULL,
	`author_id` text,
	`author_role` text NOT NULL,
	`author_name` text NOT NULL,
	`body` text NOT NULL,
	`via` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`hidden_at` integer,
	`hidden_by` text,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`hidden_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `messages_transaction_idx` ON `messages` (`transaction_id`,`id`);--> statement-breakpoint
CREATE TABLE `reply_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`transaction_id` integer NOT NULL,
	`address` text NOT NULL,
	`role` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reply_tokens_transaction_idx` ON `reply_tokens` (`transaction_id`);--> statement-breakpoint
CREATE TABLE `unread_messages` (
	`user_id` text NOT NULL,
	`transaction_id` integer NOT NULL,
	`count` integer NOT NULL,
	`last_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `transaction_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `unread_messages_user_last_idx` ON `unread_messages` (`user_id`,`last_at`);--> statement-breakpoint
CREATE INDEX `unread_messages_transaction_idx` ON `unread_messages` (`transaction_id`);--> statement-breakpoint
ALTER TABLE `documents` ADD `message_id` integer REFERENCES messages(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `documents_message_idx` ON `documents` (`message_id`);