CREATE TABLE `transaction_part_tags` (
	`part_id` text NOT NULL,
	`tag_id` text NOT NULL,
	PRIMARY KEY(`part_id`, `tag_id`),
	FOREIGN KEY (`part_id`) REFERENCES `transaction_parts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `transaction_part_tags_tag_idx` ON `transaction_part_tags` (`tag_id`);--> statement-breakpoint
CREATE TABLE `transaction_parts` (
	`id` text PRIMARY KEY NOT NULL,
	`transaction_id` text NOT NULL,
	`position` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`note` text,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `transaction_parts_position_unique` ON `transaction_parts` (`transaction_id`,`position`);--> statement-breakpoint
ALTER TABLE `transaction_tags` ADD `share_units` integer;--> statement-breakpoint
ALTER TABLE `transactions` ADD `note` text;
--> statement-breakpoint
-- Split transactions (README: "Split transactions"). A split transaction's link to a tag carries its share,
-- the parts filed under the tag summed (worker/ledger/tag-links.ts derives them): the tags' rollups count
-- the share where a link has one, the whole amount where it has none. Every part is filed under a tag, so a
-- split transaction is never partly "no tag": the whole leaves "no tag" with its first link and comes back
-- with its last, as before. A share is never updated in place: a link whose share changes is deleted and
-- inserted again. No link has a share yet, so the rollups need no refill.
DROP TRIGGER `transactions_rollups_change`;--> statement-breakpoint
DROP TRIGGER `transaction_tags_rollups_in`;--> statement-breakpoint
DROP TRIGGER `transaction_tags_rollups_out`;--> statement-breakpoint
CREATE TRIGGER `transactions_rollups_change` AFTER UPDATE OF `workspace_id`, `date`, `kind`, `amount_cents`, `currency`, `destination_amount_cents`, `destination_currency`, `origin_account_id`, `origin_card_id`, `destination_account_id`, `destination_card_id` ON `transactions` BEGIN
  INSERT INTO `ledger_day_flows` (`workspace_id`, `day`, `kind`, `leg`, `direction`, `currency`, `amount_units`, `transaction_count`)
    SELECT OLD.`workspace_id`, OLD.`date`, OLD.`kind`, side.`leg`, 'out', OLD.`currency`, -OLD.`amount_cents`, -1
    FROM (SELECT CASE WHEN OLD.`origin_account_id` IS NOT NULL THEN 'account:' || OLD.`origin_account_id` WHEN OLD.`origin_card_id` IS NOT NULL THEN 'card:' || OLD.`origin_card_id` END AS `leg`) AS side WHERE side.`leg` IS NOT NULL
    ON CONFLICT(`workspace_id`, `day`, `kind`, `leg`, `direction`, `currency`) DO UPDATE SET `amount_units` = `amount_units` + excluded.`amount_units`, `transaction_count` = `transaction_count` + excluded.`transaction_count`;
  INSERT INTO `ledger_day_flows` (`workspace_id`, `day`, `kind`, `leg`, `direction`, `currency`, `amount_units`, `transaction_count`)
    SELECT OLD.`workspace_id`, OLD.`date`, OLD.`kind`, side.`leg`, 'in', OLD.`destination_currency`, -OLD.`destination_amount_cents`, -1
    FROM (SELECT CASE WHEN OLD.`destination_account_id` IS NOT NULL THEN 'account:' || OLD.`destination_account_id` WHEN OLD.`destination_card_id` IS NOT NULL THEN 'card:' || OLD.`destination_card_id` END AS `leg`) AS side WHERE side.`leg` IS NOT NULL
    ON CONFLICT(`workspace_id`, `day`, `kind`, `leg`, `direction`, `currency`) DO UPDATE SET `amount_units` = `amount_units` + excluded.`amount_units`, `transaction_count` = `transaction_count` + excluded.`transaction_count`;
  INSERT INTO `ledger_day_flows` (`workspace_id`, `day`, `kind`, `leg`, `direction`, `currency`, `amount_units`, `transaction_count`)
    SELECT NEW.`workspace_id`, NEW.`date`, NEW.`kind`, side.`leg`, 'out', NEW.`currency`, NEW.`amount_cents`, 1
    FROM (SELECT CASE WHEN NEW.`origin_account_id` IS NOT NULL THEN 'account:' || NEW.`origin_account_id` WHEN NEW.`origin_card_id` IS NOT NULL THEN 'card:' || NEW.`origin_card_id` END AS `leg`) AS side WHERE side.`leg` IS NOT NULL
    ON CONFLICT(`workspace_id`, `day`, `kind`, `leg`, `direction`, `currency`) DO UPDATE SET `amount_units` = `amount_units` + excluded.`amount_units`, `transaction_count` = `transaction_count` + excluded.`transaction_count`;
  INSERT INTO `ledger_day_flows` (`workspace_id`, `day`, `kind`, `leg`, `direction`, `currency`, `amount_units`, `transaction_count`)
    SELECT NEW.`workspace_id`, NEW.`date`, NEW.`kind`, side.`leg`, 'in', NEW.`destination_currency`, NEW.`destination_amount_cents`, 1
    FROM (SELECT CASE WHEN NEW.`destination_account_id` IS NOT NULL THEN 'account:' || NEW.`destination_account_id` WHEN NEW.`destination_card_id` IS NOT NULL THEN 'card:' || NEW.`destination_card_id` END AS `leg`) AS side WHERE side.`leg` IS NOT NULL
    ON CONFLICT(`workspace_id`, `day`, `kind`, `leg`, `direction`, `currency`) DO UPDATE SET `amount_units` = `amount_units` + excluded.`amount_units`, `transaction_count` = `transaction_count` + excluded.`transaction_count`;
  INSERT INTO `tag_day_flows` (`workspace_id`, `day`, `kind`, `tag_id`, `leg`, `currency`, `amount_units`, `transaction_count`)
    SELECT OLD.`workspace_id`, OLD.`date`, OLD.`kind`, tags.`tag_id`, main.`leg`, main.`currency`, -coalesce(tags.`share_units`, main.`units`), -1
    FROM (SELECT CASE WHEN OLD.`kind` = 'income' THEN CASE WHEN OLD.`destination_account_id` IS NOT NULL THEN 'account:' || OLD.`destination_account_id` WHEN OLD.`destination_card_id` IS NOT NULL THEN 'card:' || OLD.`destination_card_id` END ELSE CASE WHEN OLD.`origin_account_id` IS NOT NULL THEN 'account:' || OLD.`origin_account_id` WHEN OLD.`origin_card_id` IS NOT NULL THEN 'card:' || OLD.`origin_card_id` END END AS `leg`,
        CASE WHEN OLD.`kind` = 'income' THEN OLD.`destination_currency` ELSE OLD.`currency` END AS `currency`,
        CASE WHEN OLD.`kind` = 'income' THEN OLD.`destination_amount_cents` ELSE OLD.`amount_cents` END AS `units`) AS main, (SELECT `tag_id`, `share_units` FROM `transaction_tags` WHERE `transaction_id` = OLD.`id`
          UNION ALL SELECT '', NULL WHERE NOT EXISTS (SELECT 1 FROM `transaction_tags` WHERE `transaction_id` = OLD.`id`)) AS tags
    WHERE true
    ON CONFLICT(`workspace_id`, `day`, `kind`, `tag_id`, `leg`, `currency`) DO UPDATE SET `amount_units` = `amount_units` + excluded.`amount_units`, `transaction_count` = `transaction_count` + excluded.`transaction_count`;
  INSERT INTO `tag_day_flows` (`workspace_id`, `day`, `kind`, `tag_id`, `leg`, `currency`, `amount_units`, `transaction_count`)
    SELECT NEW.`workspace_id`, NEW.`date`, NEW.`kind`, tags.`tag_id`, main.`leg`, main.`currency`, coalesce(tags.`share_units`, main.`units`), 1
    FROM (SELECT CASE WHEN NEW.`kind` = 'income' THEN CASE WHEN NEW.`destination_account_id` IS NOT NULL THEN 'account:' || NEW.`destination_account_id` WHEN NEW.`destination_card_id` IS NOT NULL THEN 'card:' || NEW.`destination_card_id` END ELSE CASE WHEN NEW.`origin_account_id` IS NOT NULL THEN 'account:' || NEW.`origin_account_id` WHEN NEW.`origin_card_id` IS NOT NULL THEN 'card:' || NEW.`origin_card_id` END END AS `leg`,
        CASE WHEN NEW.`kind` = 'income' THEN NEW.`destination_currency` ELSE NEW.`currency` END AS `currency`,
        CASE WHEN NEW.`kind` = 'income' THEN NEW.`destination_amount_cents` ELSE NEW.`amount_cents` END AS `units`) AS main, (SELECT `tag_id`, `share_units` FROM `transaction_tags` WHERE `transaction_id` = NEW.`id`
          UNION ALL SELECT '', NULL WHERE NOT EXISTS (SELECT 1 FROM `transaction_tags` WHERE `transaction_id` = NEW.`id`)) AS tags
    WHERE true
    ON CONFLICT(`workspace_id`, `day`, `kind`, `tag_id`, `leg`, `currency`) DO UPDATE SET `amount_units` = `amount_units` + excluded.`amount_units`, `transaction_count` = `transaction_count` + excluded.`transaction_count`;
END;
--> statement-breakpoint
CREATE TRIGGER `transaction_tags_rollups_in` AFTER INSERT ON `transaction_tags` BEGIN
  INSERT INTO `tag_day_flows` (`workspace_id`, `day`, `kind`, `tag_id`, `leg`, `currency`, `amount_units`, `transaction_count`)
    SELECT main.`workspace_id`, main.`date`, main.`kind`, NEW.`tag_id`, main.`leg`, main.`currency`, coalesce(NEW.`share_units`, main.`units`), 1
    FROM (SELECT t.`workspace_id`, t.`date`, t.`kind`,
        CASE WHEN t.`kind` = 'income' THEN CASE WHEN t.`destination_account_id` IS NOT NULL THEN 'account:' || t.`destination_account_id` WHEN t.`destination_card_id` IS NOT NULL THEN 'card:' || t.`destination_card_id` END ELSE CASE WHEN t.`origin_account_id` IS NOT NULL THEN 'account:' || t.`origin_account_id` WHEN t.`origin_card_id` IS NOT NULL THEN 'card:' || t.`origin_card_id` END END AS `leg`,
        CASE WHEN t.`kind` = 'income' THEN t.`destination_currency` ELSE t.`currency` END AS `currency`,
        CASE WHEN t.`kind` = 'income' THEN t.`destination_amount_cents` ELSE t.`amount_cents` END AS `units`
      FROM `transactions` t WHERE t.`id` = NEW.`transaction_id`) AS main
    WHERE true
    ON CONFLICT(`workspace_id`, `day`, `kind`, `tag_id`, `leg`, `currency`) DO UPDATE SET `amount_units` = `amount_units` + excluded.`amount_units`, `transaction_count` = `transaction_count` + excluded.`transaction_count`;
  INSERT INTO `tag_day_flows` (`workspace_id`, `day`, `kind`, `tag_id`, `leg`, `currency`, `amount_units`, `transaction_count`)
    SELECT main.`workspace_id`, main.`date`, main.`kind`, '', main.`leg`, main.`currency`, -main.`units`, -1
    FROM (SELECT t.`workspace_id`, t.`date`, t.`kind`,
        CASE WHEN t.`kind` = 'income' THEN CASE WHEN t.`destination_account_id` IS NOT NULL THEN 'account:' || t.`destination_account_id` WHEN t.`destination_card_id` IS NOT NULL THEN 'card:' || t.`destination_card_id` END ELSE CASE WHEN t.`origin_account_id` IS NOT NULL THEN 'account:' || t.`origin_account_id` WHEN t.`origin_card_id` IS NOT NULL THEN 'card:' || t.`origin_card_id` END END AS `leg`,
        CASE WHEN t.`kind` = 'income' THEN t.`destination_currency` ELSE t.`currency` END AS `currency`,
        CASE WHEN t.`kind` = 'income' THEN t.`destination_amount_cents` ELSE t.`amount_cents` END AS `units`
      FROM `transactions` t WHERE t.`id` = NEW.`transaction_id`) AS main
    WHERE true
      AND (SELECT count(*) FROM `transaction_tags` WHERE `transaction_id` = NEW.`transaction_id`) = 1
    ON CONFLICT(`workspace_id`, `day`, `kind`, `tag_id`, `leg`, `currency`) DO UPDATE SET `amount_units` = `amount_units` + excluded.`amount_units`, `transaction_count` = `transaction_count` + excluded.`transaction_count`;
END;
--> statement-breakpoint
CREATE TRIGGER `transaction_tags_rollups_out` AFTER DELETE ON `transaction_tags` BEGIN
  INSERT INTO `tag_day_flows` (`workspace_id`, `day`, `kind`, `tag_id`, `leg`, `currency`, `amount_units`, `transaction_count`)
    SELECT main.`workspace_id`, main.`date`, main.`kind`, OLD.`tag_id`, main.`leg`, main.`currency`, -coalesce(OLD.`share_units`, main.`units`), -1
    FROM (SELECT t.`workspace_id`, t.`date`, t.`kind`,
        CASE WHEN t.`kind` = 'income' THEN CASE WHEN t.`destination_account_id` IS NOT NULL THEN 'account:' || t.`destination_account_id` WHEN t.`destination_card_id` IS NOT NULL THEN 'card:' || t.`destination_card_id` END ELSE CASE WHEN t.`origin_account_id` IS NOT NULL THEN 'account:' || t.`origin_account_id` WHEN t.`origin_card_id` IS NOT NULL THEN 'card:' || t.`origin_card_id` END END AS `leg`,
        CASE WHEN t.`kind` = 'income' THEN t.`destination_currency` ELSE t.`currency` END AS `currency`,
        CASE WHEN t.`kind` = 'income' THEN t.`destination_amount_cents` ELSE t.`amount_cents` END AS `units`
      FROM `transactions` t WHERE t.`id` = OLD.`transaction_id`) AS main
    WHERE true
    ON CONFLICT(`workspace_id`, `day`, `kind`, `tag_id`, `leg`, `currency`) DO UPDATE SET `amount_units` = `amount_units` + excluded.`amount_units`, `transaction_count` = `transaction_count` + excluded.`transaction_count`;
  INSERT INTO `tag_day_flows` (`workspace_id`, `day`, `kind`, `tag_id`, `leg`, `currency`, `amount_units`, `transaction_count`)
    SELECT main.`workspace_id`, main.`date`, main.`kind`, '', main.`leg`, main.`currency`, main.`units`, 1
    FROM (SELECT t.`workspace_id`, t.`date`, t.`kind`,
        CASE WHEN t.`kind` = 'income' THEN CASE WHEN t.`destination_account_id` IS NOT NULL THEN 'account:' || t.`destination_account_id` WHEN t.`destination_card_id` IS NOT NULL THEN 'card:' || t.`destination_card_id` END ELSE CASE WHEN t.`origin_account_id` IS NOT NULL THEN 'account:' || t.`origin_account_id` WHEN t.`origin_card_id` IS NOT NULL THEN 'card:' || t.`origin_card_id` END END AS `leg`,
        CASE WHEN t.`kind` = 'income' THEN t.`destination_currency` ELSE t.`currency` END AS `currency`,
        CASE WHEN t.`kind` = 'income' THEN t.`destination_amount_cents` ELSE t.`amount_cents` END AS `units`
      FROM `transactions` t WHERE t.`id` = OLD.`transaction_id`) AS main
    WHERE true
      AND NOT EXISTS (SELECT 1 FROM `transaction_tags` WHERE `transaction_id` = OLD.`transaction_id`)
    ON CONFLICT(`workspace_id`, `day`, `kind`, `tag_id`, `leg`, `currency`) DO UPDATE SET `amount_units` = `amount_units` + excluded.`amount_units`, `transaction_count` = `transaction_count` + excluded.`transaction_count`;
END;
