CREATE TABLE `bank_installment_plans` (
	`plan_id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`card_id` text NOT NULL,
	`purchase` text NOT NULL,
	`installment_count` integer NOT NULL,
	`installment_units` integer NOT NULL,
	`purchase_month` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`plan_id`) REFERENCES `installment_plans`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`card_id`) REFERENCES `cards`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `bank_installment_plans_card_idx` ON `bank_installment_plans` (`card_id`,`purchase`,`installment_count`);