-- A listing agreement's end date is a key date: its reminder 14 days before is recorded here (app/models/listing-reminders.server.ts).
ALTER TABLE `agreements` ADD `end_reminded_on` text;