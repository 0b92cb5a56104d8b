CREATE TABLE `installment_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`kind` text NOT NULL,
	`description` text NOT NULL,
	`notes` text,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`conversion_rate_micros` integer,
	`origin` text,
	`destination` text,
	`tag_ids` text DEFAULT '[]' NOT NULL,
	`failure_reason` text,
	`failed_at` text,
	`created_by` text,
	`revision` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text,
	`merchant` text,
	`purchase_date` text NOT NULL,
	`total_amount_cents` integer NOT NULL,
	`installment_count` integer NOT NULL,
	`interest_rate` text DEFAULT '0' NOT NULL,
	`first_payment_date` text NOT NULL,
	`day_of_month` integer NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`settled_before_count` integer DEFAULT 0 NOT NULL,
	`posted_count` integer DEFAULT 0 NOT NULL,
	`next_due_date` text,
	`cancelled_at` text,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `installment_plans_workspace_idx` ON `installment_plans` (`workspace_id`,`status`,`next_due_date`);--> statement-breakpoint
CREATE INDEX `installment_plans_due_idx` ON `installment_plans` (`status`,`next_due_date`,`id`);--> statement-breakpoint
CREATE INDEX `transactions_planned_occurrence_idx` ON `transactions` (`planned_occurrence_id`);