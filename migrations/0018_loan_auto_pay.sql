ALTER TABLE `loans` ADD `auto_pay` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `loans` ADD `failure_reason` text;--> statement-breakpoint
ALTER TABLE `loans` ADD `failed_at` text;--> statement-breakpoint
CREATE INDEX `loans_auto_pay_due_idx` ON `loans` (`status`,`auto_pay`,`next_payment_date`,`id`);