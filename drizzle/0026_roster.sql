ALTER TABLE `users` ADD `license_expires_on` text;--> statement-breakpoint
ALTER TABLE `users` ADD `joined_on` text;--> statement-breakpoint
ALTER TABLE `users` ADD `left_on` text;--> statement-breakpoint
ALTER TABLE `users` ADD `dre_hire_notice_on` text;--> statement-breakpoint
ALTER TABLE `users` ADD `dre_leave_notice_on` text;--> statement-breakpoint
ALTER TABLE `users` ADD `license_reminded` text;--> statement-breakpoint
ALTER TABLE `users` ADD `dre_reminded_on` text;