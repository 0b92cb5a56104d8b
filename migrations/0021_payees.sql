CREATE TABLE `payee_names` (
	`workspace_id` text NOT NULL,
	`key` text NOT NULL,
	`payee_id` text NOT NULL,
	PRIMARY KEY(`workspace_id`, `key`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payee_id`) REFERENCES `payees`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payee_names_payee_idx` ON `payee_names` (`payee_id`);--> statement-breakpoint
CREATE TABLE `payee_totals` (
	`payee_id` text NOT NULL,
	`kind` text NOT NULL,
	`currency` text NOT NULL,
	`amount_units` integer DEFAULT 0 NOT NULL,
	`transaction_count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`payee_id`, `kind`, `currency`),
	FOREIGN KEY (`payee_id`) REFERENCES `payees`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `payees` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payees_workspace_name_unique` ON `payees` (`workspace_id`,lower("name"));--> statement-breakpoint
ALTER TABLE `transactions` ADD `payee_id` text REFERENCES payees(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `transactions_payee_idx` ON `transactions` (`payee_id`,`date`);;--> statement-breakpoint
-- Payees (README: "Payees"). Each payee's totals per kind and currency are kept by these triggers in the
-- statement that writes the transaction, so the payees page reads a row per payee, not its history. No
-- transaction has a payee yet: nothing to fill.
CREATE TRIGGER `transactions_payee_totals_in` AFTER INSERT ON `transactions` WHEN NEW.`payee_id` IS NOT NULL BEGIN
  INSERT INTO `payee_totals` (`payee_id`, `kind`, `currency`, `amount_units`, `transaction_count`)
    VALUES (NEW.`payee_id`, NEW.`kind`, NEW.`currency`, NEW.`amount_cents`, 1)
    ON CONFLICT(`payee_id`, `kind`, `currency`) DO UPDATE SET `amount_units` = `amount_units` + excluded.`amount_units`, `transaction_count` = `transaction_count` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `transactions_payee_totals_out` AFTER DELETE ON `transactions` WHEN OLD.`payee_id` IS NOT NULL BEGIN
  UPDATE `payee_totals` SET `amount_units` = `amount_units` - OLD.`amount_cents`, `transaction_count` = `transaction_count` - 1
    WHERE `payee_id` = OLD.`payee_id` AND `kind` = OLD.`kind` AND `currency` = OLD.`currency`;
END;--> statement-breakpoint
CREATE TRIGGER `transactions_payee_totals_change` AFTER UPDATE OF `payee_id`, `kind`, `currency`, `amount_cents` ON `transactions`
  WHEN OLD.`payee_id` IS NOT NULL OR NEW.`payee_id` IS NOT NULL BEGIN
  UPDATE `payee_totals` SET `amount_units` = `amount_units` - OLD.`amount_cents`, `transaction_count` = `transaction_count` - 1
    WHERE `payee_id` = OLD.`payee_id` AND `kind` = OLD.`kind` AND `currency` = OLD.`currency`;
  INSERT INTO `payee_totals` (`payee_id`, `kind`, `currency`, `amount_units`, `transaction_count`)
    SELECT NEW.`payee_id`, NEW.`kind`, NEW.`currency`, NEW.`amount_cents`, 1 WHERE NEW.`payee_id` IS NOT NULL
    ON CONFLICT(`payee_id`, `kind`, `currency`) DO UPDATE SET `amount_units` = `amount_units` + excluded.`amount_units`, `transaction_count` = `transaction_count` + 1;
END;
