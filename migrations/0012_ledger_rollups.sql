CREATE TABLE `ledger_day_flows` (
	`workspace_id` text NOT NULL,
	`day` text NOT NULL,
	`kind` text NOT NULL,
	`leg` text NOT NULL,
	`direction` text NOT NULL,
	`currency` text NOT NULL,
	`amount_units` integer DEFAULT 0 NOT NULL,
	`transaction_count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`workspace_id`, `day`, `kind`, `leg`, `direction`, `currency`)
);
--> statement-breakpoint
CREATE TABLE `tag_day_flows` (
	`workspace_id` text NOT NULL,
	`day` text NOT NULL,
	`kind` text NOT NULL,
	`tag_id` text NOT NULL,
	`leg` text NOT NULL,
	`currency` text NOT NULL,
	`amount_units` integer DEFAULT 0 NOT NULL,
	`transaction_count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`workspace_id`, `day`, `kind`, `tag_id`, `leg`, `currency`)
);
--> statement-breakpoint
-- The reports' rollups (docs/decisions/034-report-rollups-kept-by-triggers.md, db/schema/rollups.ts), filled from the rows there are, then
-- kept by triggers in the same statement as every write of a transaction or of its tags. A leg is
-- `account:{id}` (an account, or a debit card's account) or `card:{id}` (a credit-mode card's debt).
INSERT INTO `ledger_day_flows` (`workspace_id`, `day`, `kind`, `leg`, `direction`, `currency`, `amount_units`, `transaction_count`)
  SELECT `workspace_id`, `date`, `kind`, `leg`, 'out', `currency`, sum(`amount_cents`), count(*)
  FROM (SELECT t.*, CASE WHEN t.`origin_account_id` IS NOT NULL THEN 'account:' || t.`origin_account_id` WHEN t.`origin_card_id` IS NOT NULL THEN 'card:' || t.`origin_card_id` END AS `leg` FROM `transactions` t)
  WHERE `leg` IS NOT NULL
  GROUP BY `workspace_id`, `date`, `kind`, `leg`, `currency`;
--> statement-breakpoint
INSERT INTO `ledger_day_flows` (`workspace_id`, `day`, `kind`, `leg`, `direction`, `currency`, `amount_units`, `transaction_count`)
  SELECT `workspace_id`, `date`, `kind`, `leg`, 'in', `destination_currency`, sum(`destination_amount_cents`), count(*)
  FROM (SELECT t.*, CASE WHEN t.`destination_account_id` IS NOT NULL THEN 'account:' || t.`destination_account_id` WHEN t.`destination_card_id` IS NOT NULL THEN 'card:' || t.`destination_card_id` END AS `leg` FROM `transactions` t)
  WHERE `leg` IS NOT NULL
  GROUP BY `workspace_id`, `date`, `kind`, `leg`, `destination_currency`;
--> statement-breakpoint
INSERT INTO `tag_day_flows` (`workspace_id`, `day`, `kind`, `tag_id`, `leg`, `currency`, `amount_units`, `transaction_count`)
  SELECT main.`workspace_id`, main.`date`, main.`kind`, coalesce(tt.`tag_id`, ''), main.`leg`, main.`currency`, sum(main.`units`), count(*)
  FROM (SELECT t.`id`, t.`workspace_id`, t.`date`, t.`kind`,
        CASE WHEN t.`kind` = 'income' THEN CASE WHEN t.`destination_account_id` IS NOT NULL THEN 'account:' || t.`destination_account_id` WHEN t.`destination_card_id` IS NOT NULL THEN 'card:' || t.`destination_card_id` END ELSE CASE WHEN t.`origin_account_id` IS NOT NULL THEN 'account:' || t.`origin_account_id` WHEN t.`origin_card_id` IS NOT NULL THEN 'card:' || t.`origin_card_id` END END AS `leg`,
        CASE WHEN t.`kind` = 'income' THEN t.`destination_currency` ELSE t.`currency` END AS `currency`,
        CASE WHEN t.`kind` = 'income' THEN t.`destination_amount_cents` ELSE t.`amount_cents` END AS `units`
      FROM `transactions` t) AS main
    LEFT JOIN `transaction_tags` tt ON tt.`transaction_id` = main.`id`
  GROUP BY main.`workspace_id`, main.`date`, main.`kind`, coalesce(tt.`tag_id`, ''), main.`leg`, main.`currency`;
--> statement-breakpoint
-- A new transaction: both legs, and its amount under "no tag" until its tags are linked (they follow it in the batch).
CREATE TRIGGER `transactions_rollups_in` AFTER INSERT ON `transactions` BEGIN
  INSERT INTO `ledger_day_flows` (`workspace_id`, `day`, `kind`, `leg`, `direction`, `currency`, `amount_units`, `transaction_count`)
    SELECT NEW.`workspace_id`, NEW.`date`, NEW.`kind`, side.`leg`, 'out', NEW.`currency`, NEW.`amount_cents`, 1
    FROM (SELECT CASE WHEN NEW.`origin_account_id` IS NOT NULL THEN 'account:' || NEW.`origin_account_id` WHEN NEW.`origin_card_id` IS NOT NULL THEN 'card:' || NEW.`origin_card_id` END AS `leg`) AS side WHERE side.`leg` IS NOT NULL
    ON CONFLICT(`workspace_id`, `day`, `kind`, `leg`, `direction`, `currency`) DO UPDATE SET `amount_units` = `amount_units` + excluded.`amount_units`, `transaction_count` = `transaction_count` + excluded.`transaction_count`;
  INSERT INTO `ledger_day_flows` (`workspace_id`, `day`, `kind`, `leg`, `direction`, `currency`, `amount_units`, `transaction_count`)
    SELECT NEW.`workspace_id`, NEW.`date`, NEW.`kind`, side.`leg`, 'in', NEW.`destination_currency`, NEW.`destination_amount_cents`, 1
    FROM (SELECT CASE WHEN NEW.`destination_account_id` IS NOT NULL THEN 'account:' || NEW.`destination_account_id` WHEN NEW.`destination_card_id` IS NOT NULL THEN 'card:' || NEW.`destination_card_id` END AS `leg`) AS side WHERE side.`leg` IS NOT NULL
    ON CONFLICT(`workspace_id`, `day`, `kind`, `leg`, `direction`, `currency`) DO UPDATE SET `amount_units` = `amount_units` + excluded.`amount_units`, `transaction_count` = `transaction_count` + excluded.`transaction_count`;
  INSERT INTO `tag_day_flows` (`workspace_id`, `day`, `kind`, `tag_id`, `leg`, `currency`, `amount_units`, `transaction_count`)
    SELECT NEW.`workspace_id`, NEW.`date`, NEW.`kind`, '', main.`leg`, main.`currency`, main.`units`, 1
    FROM (SELECT CASE WHEN NEW.`kind` = 'income' THEN CASE WHEN NEW.`destination_account_id` IS NOT NULL THEN 'account:' || NEW.`destination_account_id` WHEN NEW.`destination_card_id` IS NOT NULL THEN 'card:' || NEW.`destination_card_id` END ELSE CASE WHEN NEW.`origin_account_id` IS NOT NULL THEN 'account:' || NEW.`origin_account_id` WHEN NEW.`origin_card_id` IS NOT NULL THEN 'card:' || NEW.`origin_card_id` END END AS `leg`,
        CASE WHEN NEW.`kind` = 'income' THEN NEW.`destination_currency` ELSE NEW.`currency` END AS `currency`,
        CASE WHEN NEW.`kind` = 'income' THEN NEW.`destination_amount_cents` ELSE NEW.`amount_cents` END AS `units`) AS main
    WHERE true
    ON CONFLICT(`workspace_id`, `day`, `kind`, `tag_id`, `leg`, `currency`) DO UPDATE SET `amount_units` = `amount_units` + excluded.`amount_units`, `transaction_count` = `transaction_count` + excluded.`transaction_count`;
END;
--> statement-breakpoint
-- An edit that moves money: the old row's totals out, the new row's in, under each of its tags (or none).
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
    SELECT OLD.`workspace_id`, OLD.`date`, OLD.`kind`, tags.`tag_id`, main.`leg`, main.`currency`, -main.`units`, -1
    FROM (SELECT CASE WHEN OLD.`kind` = 'income' THEN CASE WHEN OLD.`destination_account_id` IS NOT NULL THEN 'account:' || OLD.`destination_account_id` WHEN OLD.`destination_card_id` IS NOT NULL THEN 'card:' || OLD.`destination_card_id` END ELSE CASE WHEN OLD.`origin_account_id` IS NOT NULL THEN 'account:' || OLD.`origin_account_id` WHEN OLD.`origin_card_id` IS NOT NULL THEN 'card:' || OLD.`origin_card_id` END END AS `leg`,
        CASE WHEN OLD.`kind` = 'income' THEN OLD.`destination_currency` ELSE OLD.`currency` END AS `currency`,
        CASE WHEN OLD.`kind` = 'income' THEN OLD.`destination_amount_cents` ELSE OLD.`amount_cents` END AS `units`) AS main, (SELECT `tag_id` FROM `transaction_tags` WHERE `transaction_id` = OLD.`id`
          UNION ALL SELECT '' WHERE NOT EXISTS (SELECT 1 FROM `transaction_tags` WHERE `transaction_id` = OLD.`id`)) AS tags
    WHERE true
    ON CONFLICT(`workspace_id`, `day`, `kind`, `tag_id`, `leg`, `currency`) DO UPDATE SET `amount_units` = `amount_units` + excluded.`amount_units`, `transaction_count` = `transaction_count` + excluded.`transaction_count`;
  INSERT INTO `tag_day_flows` (`workspace_id`, `day`, `kind`, `tag_id`, `leg`, `currency`, `amount_units`, `transaction_count`)
    SELECT NEW.`workspace_id`, NEW.`date`, NEW.`kind`, tags.`tag_id`, main.`leg`, main.`currency`, main.`units`, 1
    FROM (SELECT CASE WHEN NEW.`kind` = 'income' THEN CASE WHEN NEW.`destination_account_id` IS NOT NULL THEN 'account:' || NEW.`destination_account_id` WHEN NEW.`destination_card_id` IS NOT NULL THEN 'card:' || NEW.`destination_card_id` END ELSE CASE WHEN NEW.`origin_account_id` IS NOT NULL THEN 'account:' || NEW.`origin_account_id` WHEN NEW.`origin_card_id` IS NOT NULL THEN 'card:' || NEW.`origin_card_id` END END AS `leg`,
        CASE WHEN NEW.`kind` = 'income' THEN NEW.`destination_currency` ELSE NEW.`currency` END AS `currency`,
        CASE WHEN NEW.`kind` = 'income' THEN NEW.`destination_amount_cents` ELSE NEW.`amount_cents` END AS `units`) AS main, (SELECT `tag_id` FROM `transaction_tags` WHERE `transaction_id` = NEW.`id`
          UNION ALL SELECT '' WHERE NOT EXISTS (SELECT 1 FROM `transaction_tags` WHERE `transaction_id` = NEW.`id`)) AS tags
    WHERE true
    ON CONFLICT(`workspace_id`, `day`, `kind`, `tag_id`, `leg`, `currency`) DO UPDATE SET `amount_units` = `amount_units` + excluded.`amount_units`, `transaction_count` = `transaction_count` + excluded.`transaction_count`;
END;
--> statement-breakpoint
-- A deleted transaction's tags go first, each moving its amount back to "no tag" while the row is there to read.
CREATE TRIGGER `transactions_rollups_untag` BEFORE DELETE ON `transactions` BEGIN
  DELETE FROM `transaction_tags` WHERE `transaction_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `transactions_rollups_out` AFTER DELETE ON `transactions` BEGIN
  INSERT INTO `ledger_day_flows` (`workspace_id`, `day`, `kind`, `leg`, `direction`, `currency`, `amount_units`, `transaction_count`)
    SELECT OLD.`workspace_id`, OLD.`date`, OLD.`kind`, side.`leg`, 'out', OLD.`currency`, -OLD.`amount_cents`, -1
    FROM (SELECT CASE WHEN OLD.`origin_account_id` IS NOT NULL THEN 'account:' || OLD.`origin_account_id` WHEN OLD.`origin_card_id` IS NOT NULL THEN 'card:' || OLD.`origin_card_id` END AS `leg`) AS side WHERE side.`leg` IS NOT NULL
    ON CONFLICT(`workspace_id`, `day`, `kind`, `leg`, `direction`, `currency`) DO UPDATE SET `amount_units` = `amount_units` + excluded.`amount_units`, `transaction_count` = `transaction_count` + excluded.`transaction_count`;
  INSERT INTO `ledger_day_flows` (`workspace_id`, `day`, `kind`, `leg`, `direction`, `currency`, `amount_units`, `transaction_count`)
    SELECT OLD.`workspace_id`, OLD.`date`, OLD.`kind`, side.`leg`, 'in', OLD.`destination_currency`, -OLD.`destination_amount_cents`, -1
    FROM (SELECT CASE WHEN OLD.`destination_account_id` IS NOT NULL THEN 'account:' || OLD.`destination_account_id` WHEN OLD.`destination_card_id` IS NOT NULL THEN 'card:' || OLD.`destination_card_id` END AS `leg`) AS side WHERE side.`leg` IS NOT NULL
    ON CONFLICT(`workspace_id`, `day`, `kind`, `leg`, `direction`, `currency`) DO UPDATE SET `amount_units` = `amount_units` + excluded.`amount_units`, `transaction_count` = `transaction_count` + excluded.`transaction_count`;
  INSERT INTO `tag_day_flows` (`workspace_id`, `day`, `kind`, `tag_id`, `leg`, `currency`, `amount_units`, `transaction_count`)
    SELECT OLD.`workspace_id`, OLD.`date`, OLD.`kind`, '', main.`leg`, main.`currency`, -main.`units`, -1
    FROM (SELECT CASE WHEN OLD.`kind` = 'income' THEN CASE WHEN OLD.`destination_account_id` IS NOT NULL THEN 'account:' || OLD.`destination_account_id` WHEN OLD.`destination_card_id` IS NOT NULL THEN 'card:' || OLD.`destination_card_id` END ELSE CASE WHEN OLD.`origin_account_id` IS NOT NULL THEN 'account:' || OLD.`origin_account_id` WHEN OLD.`origin_card_id` IS NOT NULL THEN 'card:' || OLD.`origin_card_id` END END AS `leg`,
        CASE WHEN OLD.`kind` = 'income' THEN OLD.`destination_currency` ELSE OLD.`currency` END AS `currency`,
        CASE WHEN OLD.`kind` = 'income' THEN OLD.`destination_amount_cents` ELSE OLD.`amount_cents` END AS `units`) AS main
    WHERE true
    ON CONFLICT(`workspace_id`, `day`, `kind`, `tag_id`, `leg`, `currency`) DO UPDATE SET `amount_units` = `amount_units` + excluded.`amount_units`, `transaction_count` = `transaction_count` + excluded.`transaction_count`;
END;
--> statement-breakpoint
-- A tag linked: its amount counts under the tag, and leaves "no tag" when it is the transaction's first.
CREATE TRIGGER `transaction_tags_rollups_in` AFTER INSERT ON `transaction_tags` BEGIN
  INSERT INTO `tag_day_flows` (`workspace_id`, `day`, `kind`, `tag_id`, `leg`, `currency`, `amount_units`, `transaction_count`)
    SELECT main.`workspace_id`, main.`date`, main.`kind`, NEW.`tag_id`, main.`leg`, main.`currency`, main.`units`, 1
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
-- A tag unlinked (or deleted): its amount leaves the tag, and returns to "no tag" when it was the last.
CREATE TRIGGER `transaction_tags_rollups_out` AFTER DELETE ON `transaction_tags` BEGIN
  INSERT INTO `tag_day_flows` (`workspace_id`, `day`, `kind`, `tag_id`, `leg`, `currency`, `amount_units`, `transaction_count`)
    SELECT main.`workspace_id`, main.`date`, main.`kind`, OLD.`tag_id`, main.`leg`, main.`currency`, -main.`units`, -1
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
--> statement-breakpoint
CREATE TRIGGER `workspaces_rollups_out` AFTER DELETE ON `workspaces` BEGIN
  DELETE FROM `ledger_day_flows` WHERE `workspace_id` = OLD.`id`;
  DELETE FROM `tag_day_flows` WHERE `workspace_id` = OLD.`id`;
END;
