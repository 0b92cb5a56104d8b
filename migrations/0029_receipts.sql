CREATE TABLE `receipt_objects_to_delete` (
	`object_key` text PRIMARY KEY NOT NULL,
	`queued_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `receipts` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`transaction_id` text NOT NULL,
	`object_key` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`byte_size` integer NOT NULL,
	`created_by` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_object_key_unique` ON `receipts` (`object_key`);--> statement-breakpoint
CREATE INDEX `receipts_transaction_idx` ON `receipts` (`transaction_id`);--> statement-breakpoint
CREATE INDEX `receipts_workspace_idx` ON `receipts` (`workspace_id`);--> statement-breakpoint
-- However a receipt goes (deleted itself, or with its transaction, account, workspace or person by the
-- cascades), its R2 object is queued for the cron to delete: nothing stays behind in storage.
CREATE TRIGGER `receipts_queue_object_delete` AFTER DELETE ON `receipts` BEGIN
  INSERT OR IGNORE INTO `receipt_objects_to_delete` (`object_key`, `queued_at`)
  VALUES (old.`object_key`, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;
