CREATE TABLE `bank_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`provider` text NOT NULL,
	`institution` text NOT NULL,
	`external_id` text,
	`sealed_access` text,
	`status` text DEFAULT 'active' NOT NULL,
	`last_error` text,
	`consent_expires_at` text,
	`last_synced_at` text,
	`created_by` text,
	`created_at` text NOT NULL,
	`disconnected_at` text,
	`sync_run_id` text,
	`sync_started_at` text,
	`sync_summary` text,
	`sync_requested_at` text,
	`lease_id` text,
	`lease_until` text,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `bank_connections_workspace_idx` ON `bank_connections` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `bank_connections_external_unique` ON `bank_connections` (`provider`,`external_id`) WHERE `external_id` IS NOT NULL AND `disconnected_at` IS NULL;--> statement-breakpoint
CREATE TABLE `bank_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`remote_account_id` text NOT NULL,
	`leg_id` text NOT NULL,
	`line_id` text NOT NULL,
	`transaction_id` text,
	`joined` text NOT NULL,
	`date` text NOT NULL,
	`amount_units` integer NOT NULL,
	`description` text NOT NULL,
	`pending` integer DEFAULT false NOT NULL,
	`seen_run_id` text NOT NULL,
	`gone_at` text,
	`match_undone_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`remote_account_id`) REFERENCES `bank_remote_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bank_lines_leg_line_unique` ON `bank_lines` (`leg_id`,`line_id`);--> statement-breakpoint
CREATE INDEX `bank_lines_remote_date_idx` ON `bank_lines` (`remote_account_id`,`date`);--> statement-breakpoint
CREATE INDEX `bank_lines_transaction_idx` ON `bank_lines` (`transaction_id`);--> statement-breakpoint
CREATE TABLE `bank_remote_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`connection_id` text NOT NULL,
	`remote_id` text NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`currency` text NOT NULL,
	`number` text,
	`balance_units` integer NOT NULL,
	`balance_at` text NOT NULL,
	`credit_limit_units` integer,
	`closing_date` text,
	`due_date` text,
	`account_id` text,
	`card_id` text,
	`ignored_at` text,
	`created_at` text NOT NULL,
	`sync_from` text,
	`sync_cursor` text,
	`synced_through` text,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `bank_connections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`card_id`) REFERENCES `cards`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bank_remote_accounts_remote_unique` ON `bank_remote_accounts` (`connection_id`,`remote_id`);--> statement-breakpoint
CREATE INDEX `bank_remote_accounts_workspace_idx` ON `bank_remote_accounts` (`workspace_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `bank_remote_accounts_account_unique` ON `bank_remote_accounts` (`account_id`) WHERE `account_id` IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `bank_remote_accounts_card_unique` ON `bank_remote_accounts` (`card_id`) WHERE `card_id` IS NOT NULL;--> statement-breakpoint
CREATE TABLE `bank_webhook_events` (
	`provider` text NOT NULL,
	`event_id` text NOT NULL,
	`received_at` text NOT NULL,
	PRIMARY KEY(`provider`, `event_id`)
);
