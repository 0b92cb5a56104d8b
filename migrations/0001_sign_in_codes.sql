CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_started_at` text NOT NULL,
	`hits` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE `one_time_codes` ADD `last_failed_at` text;