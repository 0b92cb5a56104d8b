ALTER TABLE `cards` ADD `due_day` integer DEFAULT 11 NOT NULL;--> statement-breakpoint
-- Until now a statement was due 10 days after closing. The due day that keeps that date exactly in
-- 30-day months (and always for closing days 1-18); elsewhere it moves by a day at most, two in
-- February (dueDayTenDaysAfter in worker/ledger/rules/card-rules.ts; tests/node/cards/due-day-migration.test.ts).
UPDATE `cards` SET `due_day` = CASE
  WHEN `billing_cycle_day` <= 20 THEN `billing_cycle_day` + 10
  ELSE min(`billing_cycle_day`, 30) - 20
END;
