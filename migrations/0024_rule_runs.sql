CREATE TABLE `rule_run_changes` (
	`run_id` text NOT NULL,
	`transaction_id` text NOT NULL,
	`revision` integer NOT NULL,
	`before` text NOT NULL,
	`after` text NOT NULL,
	`state` integer DEFAULT 0 NOT NULL,
	`applied_mark` text,
	PRIMARY KEY(`run_id`, `transaction_id`),
	FOREIGN KEY (`run_id`) REFERENCES `rule_runs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `rule_run_changes_state_idx` ON `rule_run_changes` (`run_id`,`state`);--> statement-breakpoint
CREATE TABLE `rule_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`rule_id` text,
	`status` text DEFAULT 'scanning' NOT NULL,
	`cursor_date` text DEFAULT '' NOT NULL,
	`cursor_id` text DEFAULT '' NOT NULL,
	`scanned_count` integer DEFAULT 0 NOT NULL,
	`matched_count` integer DEFAULT 0 NOT NULL,
	`created_by` text,
	`created_at` text NOT NULL,
	`applied_at` text,
	`undone_at` text,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rule_id`) REFERENCES `rules`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `rule_runs_workspace_idx` ON `rule_runs` (`workspace_id`,`created_at`);