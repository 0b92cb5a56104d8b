CREATE TABLE `planned_occurrences` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`source_kind` text NOT NULL,
	`source_id` text NOT NULL,
	`source_name` text NOT NULL,
	`occurrence_date` text NOT NULL,
	`posted_at` text NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `planned_occurrences_key` ON `planned_occurrences` (`source_id`,`occurrence_date`);--> statement-breakpoint
CREATE TABLE `recurring_transactions` (
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
	`name` text NOT NULL,
	`frequency` text NOT NULL,
	`interval` integer DEFAULT 1 NOT NULL,
	`days_of_week` text,
	`day_of_month` integer,
	`month_of_year` integer,
	`weekend_rule` text DEFAULT 'as_is' NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text,
	`max_executions` integer,
	`status` text DEFAULT 'active' NOT NULL,
	`next_date` text,
	`next_due_date` text,
	`last_execution_date` text,
	`last_occurrence_date` text,
	`execution_count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `recurring_workspace_idx` ON `recurring_transactions` (`workspace_id`,`status`,`next_due_date`);--> statement-breakpoint
CREATE INDEX `recurring_due_idx` ON `recurring_transactions` (`status`,`next_due_date`,`id`);--> statement-breakpoint
CREATE TABLE `scheduled_transactions` (
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
	`status` text DEFAULT 'pending' NOT NULL,
	`scheduled_date` text NOT NULL,
	`transaction_id` text,
	`executed_at` text,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `scheduled_workspace_date_idx` ON `scheduled_transactions` (`workspace_id`,`scheduled_date`,`id`);--> statement-breakpoint
CREATE INDEX `scheduled_due_idx` ON `scheduled_transactions` (`status`,`scheduled_date`,`id`);--> statement-breakpoint
ALTER TABLE `job_runs` ADD `items_failed` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `job_runs` ADD `failures` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `job_runs` ADD `finished` integer;--> statement-breakpoint
ALTER TABLE `transactions` ADD `planned_occurrence_id` text REFERENCES planned_occurrences(id);