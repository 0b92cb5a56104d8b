CREATE TABLE `bot_conversations` (
	`user_id` text PRIMARY KEY NOT NULL,
	`state_json` text NOT NULL,
	`expires_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `bot_link_codes` (
	`user_id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`expires_at` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bot_link_codes_code_unique` ON `bot_link_codes` (`code`);--> statement-breakpoint
CREATE TABLE `bot_links` (
	`user_id` text PRIMARY KEY NOT NULL,
	`channel` text DEFAULT 'whatsapp' NOT NULL,
	`phone` text NOT NULL,
	`linked_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bot_links_phone_unique` ON `bot_links` (`phone`);--> statement-breakpoint
CREATE TABLE `bot_messages` (
	`message_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`workspace_id` text,
	`received_at` text NOT NULL,
	`wrote_kind` text,
	`wrote_id` text,
	`undone_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `bot_messages_user_received_idx` ON `bot_messages` (`user_id`,`received_at`);--> statement-breakpoint
ALTER TABLE `user_preferences` ALTER COLUMN "require_confirmation" TO "require_confirmation" integer NOT NULL DEFAULT false;--> statement-breakpoint
ALTER TABLE `user_preferences` ADD `default_card_id` text;