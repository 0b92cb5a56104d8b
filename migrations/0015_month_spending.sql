CREATE TABLE `month_spending` (
	`workspace_id` text NOT NULL,
	`month` text NOT NULL,
	`currency` text NOT NULL,
	`amount_units` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`workspace_id`, `month`, `currency`)
);
--> statement-breakpoint
CREATE TABLE `tag_month_spending` (
	`workspace_id` text NOT NULL,
	`month` text NOT NULL,
	`tag_id` text NOT NULL,
	`currency` text NOT NULL,
	`amount_units` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`workspace_id`, `month`, `tag_id`, `currency`)
);
--> statement-breakpoint
CREATE INDEX `ledger_day_flows_spending_idx` ON `ledger_day_flows` (`workspace_id`,`currency`,`day`) WHERE kind = 'expense' and direction = 'out';
--> statement-breakpoint
CREATE INDEX `tag_day_flows_spending_idx` ON `tag_day_flows` (`workspace_id`,`tag_id`,`currency`,`day`) WHERE kind = 'expense';
--> statement-breakpoint
-- The budgets' month rollups (db/schema/rollups.ts): the day rollups' expense rows summed by month,
-- filled from the days there are, then kept by triggers on the day rollups themselves, so every
-- write that moves a day (migration 0012's triggers, whatever fires them) moves its month in the
-- same statement. Day rows are only ever inserted and updated (their amounts), and deleted only with
-- their workspace, when the months go too.
INSERT INTO `month_spending` (`workspace_id`, `month`, `currency`, `amount_units`)
  SELECT `workspace_id`, substr(`day`, 1, 7), `currency`, sum(`amount_units`) FROM `ledger_day_flows`
  WHERE `kind` = 'expense' AND `direction` = 'out'
  GROUP BY `workspace_id`, substr(`day`, 1, 7), `currency`;
--> statement-breakpoint
INSERT INTO `tag_month_spending` (`workspace_id`, `month`, `tag_id`, `currency`, `amount_units`)
  SELECT `workspace_id`, substr(`day`, 1, 7), `tag_id`, `currency`, sum(`amount_units`) FROM `tag_day_flows`
  WHERE `kind` = 'expense'
  GROUP BY `workspace_id`, substr(`day`, 1, 7), `tag_id`, `currency`;
--> statement-breakpoint
CREATE TRIGGER `ledger_day_flows_month_in` AFTER INSERT ON `ledger_day_flows`
  WHEN NEW.`kind` = 'expense' AND NEW.`direction` = 'out' BEGIN
  INSERT INTO `month_spending` (`workspace_id`, `month`, `currency`, `amount_units`)
    VALUES (NEW.`workspace_id`, substr(NEW.`day`, 1, 7), NEW.`currency`, NEW.`amount_units`)
    ON CONFLICT(`workspace_id`, `month`, `currency`) DO UPDATE SET `amount_units` = `amount_units` + excluded.`amount_units`;
END;
--> statement-breakpoint
-- An upsert only changes a day's amount; the old row is taken out and the new put in all the same.
CREATE TRIGGER `ledger_day_flows_month_change` AFTER UPDATE ON `ledger_day_flows`
  WHEN (OLD.`kind` = 'expense' AND OLD.`direction` = 'out') OR (NEW.`kind` = 'expense' AND NEW.`direction` = 'out') BEGIN
  INSERT INTO `month_spending` (`workspace_id`, `month`, `currency`, `amount_units`)
    SELECT OLD.`workspace_id`, substr(OLD.`day`, 1, 7), OLD.`currency`, -OLD.`amount_units` WHERE OLD.`kind` = 'expense' AND OLD.`direction` = 'out'
    ON CONFLICT(`workspace_id`, `month`, `currency`) DO UPDATE SET `amount_units` = `amount_units` + excluded.`amount_units`;
  INSERT INTO `month_spending` (`workspace_id`, `month`, `currency`, `amount_units`)
    SELECT NEW.`workspace_id`, substr(NEW.`day`, 1, 7), NEW.`currency`, NEW.`amount_units` WHERE NEW.`kind` = 'expense' AND NEW.`direction` = 'out'
    ON CONFLICT(`workspace_id`, `month`, `currency`) DO UPDATE SET `amount_units` = `amount_units` + excluded.`amount_units`;
END;
--> statement-breakpoint
CREATE TRIGGER `tag_day_flows_month_in` AFTER INSERT ON `tag_day_flows`
  WHEN NEW.`kind` = 'expense' BEGIN
  INSERT INTO `tag_month_spending` (`workspace_id`, `month`, `tag_id`, `currency`, `amount_units`)
    VALUES (NEW.`workspace_id`, substr(NEW.`day`, 1, 7), NEW.`tag_id`, NEW.`currency`, NEW.`amount_units`)
    ON CONFLICT(`workspace_id`, `month`, `tag_id`, `currency`) DO UPDATE SET `amount_units` = `amount_units` + excluded.`amount_units`;
END;
--> statement-breakpoint
CREATE TRIGGER `tag_day_flows_month_change` AFTER UPDATE ON `tag_day_flows`
  WHEN OLD.`kind` = 'expense' OR NEW.`kind` = 'expense' BEGIN
  INSERT INTO `tag_month_spending` (`workspace_id`, `month`, `tag_id`, `currency`, `amount_units`)
    SELECT OLD.`workspace_id`, substr(OLD.`day`, 1, 7), OLD.`tag_id`, OLD.`currency`, -OLD.`amount_units` WHERE OLD.`kind` = 'expense'
    ON CONFLICT(`workspace_id`, `month`, `tag_id`, `currency`) DO UPDATE SET `amount_units` = `amount_units` + excluded.`amount_units`;
  INSERT INTO `tag_month_spending` (`workspace_id`, `month`, `tag_id`, `currency`, `amount_units`)
    SELECT NEW.`workspace_id`, substr(NEW.`day`, 1, 7), NEW.`tag_id`, NEW.`currency`, NEW.`amount_units` WHERE NEW.`kind` = 'expense'
    ON CONFLICT(`workspace_id`, `month`, `tag_id`, `currency`) DO UPDATE SET `amount_units` = `amount_units` + excluded.`amount_units`;
END;
--> statement-breakpoint
CREATE TRIGGER `workspaces_month_spending_out` AFTER DELETE ON `workspaces` BEGIN
  DELETE FROM `month_spending` WHERE `workspace_id` = OLD.`id`;
  DELETE FROM `tag_month_spending` WHERE `workspace_id` = OLD.`id`;
END;
