DROP INDEX `transaction_tags_tag_date_idx`;--> statement-breakpoint
ALTER TABLE `transaction_tags` ADD `implied` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `transaction_tags_tag_date_idx` ON `transaction_tags` (`tag_id`,`implied`,`transaction_date`);--> statement-breakpoint
ALTER TABLE `tags` ADD `parent_id` text REFERENCES tags(id);--> statement-breakpoint
CREATE INDEX `tags_workspace_parent_idx` ON `tags` (`workspace_id`,`parent_id`);--> statement-breakpoint
-- Subcategories (README: "Tags and categories"). A transaction carrying a subcategory and not its category
-- carries the category too, as an implied link (worker/ledger/tag-links.ts writes them), so every filter,
-- budget and rollup by the category counts it, once. A tag's usage counts only the links it was given,
-- never the implied ones; every link still carries its transaction's date. Links are only inserted and
-- deleted, never switched between implied and given, so these insert and delete triggers see every change.
-- No category has subcategories yet, so there is nothing implied to fill.
DROP TRIGGER `transaction_tags_count_in`;--> statement-breakpoint
DROP TRIGGER `transaction_tags_count_out`;--> statement-breakpoint
CREATE TRIGGER `transaction_tags_count_in` AFTER INSERT ON `transaction_tags` WHEN NEW.`implied` = 0 BEGIN
  UPDATE `tags` SET `usage_count` = `usage_count` + 1 WHERE `id` = NEW.`tag_id`;
END;--> statement-breakpoint
CREATE TRIGGER `transaction_tags_date_in` AFTER INSERT ON `transaction_tags` BEGIN
  UPDATE `transaction_tags` SET `transaction_date` = (SELECT `date` FROM `transactions` WHERE `id` = NEW.`transaction_id`)
    WHERE `transaction_id` = NEW.`transaction_id` AND `tag_id` = NEW.`tag_id`;
END;--> statement-breakpoint
CREATE TRIGGER `transaction_tags_count_out` AFTER DELETE ON `transaction_tags` WHEN OLD.`implied` = 0 BEGIN
  UPDATE `tags` SET `usage_count` = `usage_count` - 1 WHERE `id` = OLD.`tag_id`;
END;
