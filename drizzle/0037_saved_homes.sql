-- A buying client's saved homes (the spec's "listings", /api/listings, which keeps its name) get the name they have in
-- the code: "listing" is our own listing (home_listings). SQLite rewrites the foreign keys of offers and tour_stops.
ALTER TABLE `listings` RENAME TO `saved_homes`;--> statement-breakpoint
DROP INDEX `listings_user_id_idx`;--> statement-breakpoint
CREATE INDEX `saved_homes_user_id_idx` ON `saved_homes` (`user_id`,`created_at`);
