CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`kind` text NOT NULL,
	`subject` text NOT NULL,
	`about` text NOT NULL,
	`channel` text NOT NULL,
	`params` text NOT NULL,
	`send_after` text NOT NULL,
	`expires_at` text NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`lease_until` text,
	`last_error` text,
	`sent_at` text,
	`read_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_occurrence_key` ON `notifications` (`user_id`,`kind`,`subject`,`about`,`channel`);--> statement-breakpoint
CREATE INDEX `notifications_inbox_idx` ON `notifications` (`user_id`,`send_after`);--> statement-breakpoint
CREATE INDEX `notifications_delivery_idx` ON `notifications` (`send_after`) WHERE "notifications"."status" in ('waiting', 'sending');--> statement-breakpoint
CREATE TABLE `reminder_days` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`decided_on` text NOT NULL,
	`decided_at` text NOT NULL,
	`next_day_at` text NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reminder_days_next_day_idx` ON `reminder_days` (`next_day_at`);--> statement-breakpoint
CREATE TABLE `reminder_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`hour` integer DEFAULT 8 NOT NULL,
	`weekly_day` integer DEFAULT 1 NOT NULL,
	`time_zone` text,
	`night_allowed` integer DEFAULT false NOT NULL,
	`choices` text DEFAULT '{}' NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
