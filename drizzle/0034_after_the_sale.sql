ALTER TABLE `documents` ADD `sealed` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `open_house_visitors` ADD `repeat_visit` integer DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE `documents` SET `sealed` = 1 WHERE `id` IN (SELECT `signed_document_id` FROM `agreements` WHERE `signed_document_id` IS NOT NULL);--> statement-breakpoint
UPDATE `documents` SET `sealed` = 1 WHERE `id` IN (SELECT `document_id` FROM `cdas` WHERE `document_id` IS NOT NULL UNION SELECT `escrow_document_id` FROM `cdas` WHERE `escrow_document_id` IS NOT NULL);--> statement-breakpoint
UPDATE `documents` SET `removed_at` = NULL, `removed_by` = NULL WHERE `sealed` = 1 AND `removed_at` IS NOT NULL;--> statement-breakpoint
UPDATE `open_house_visitors` SET `repeat_visit` = 1 WHERE EXISTS (
  SELECT 1 FROM `open_house_visitors` e
  JOIN `open_houses` oe ON oe.`id` = e.`open_house_id`
  WHERE oe.`transaction_id` = (SELECT o.`transaction_id` FROM `open_houses` o WHERE o.`id` = `open_house_visitors`.`open_house_id`)
    AND e.`id` < `open_house_visitors`.`id`
    AND coalesce(nullif(lower(e.`email`), ''), nullif(e.`phone`, ''), lower(e.`name`))
      = coalesce(nullif(lower(`open_house_visitors`.`email`), ''), nullif(`open_house_visitors`.`phone`, ''), lower(`open_house_visitors`.`name`))
);
