CREATE TABLE `statement_import_chunks` (
	`import_id` text NOT NULL,
	`chunk_index` integer NOT NULL,
	`created_count` integer NOT NULL,
	`skipped_count` integer NOT NULL,
	PRIMARY KEY(`import_id`, `chunk_index`),
	FOREIGN KEY (`import_id`) REFERENCES `statement_imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `statement_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`account_id` text,
	`card_id` text,
	`file_name` text NOT NULL,
	`format` text NOT NULL,
	`csv_mapping` text,
	`line_count` integer NOT NULL,
	`skipped_count` integer DEFAULT 0 NOT NULL,
	`refused_count` integer DEFAULT 0 NOT NULL,
	`created_count` integer DEFAULT 0 NOT NULL,
	`created_by` text,
	`created_at` text NOT NULL,
	`undone_at` text,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`card_id`) REFERENCES `cards`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `statement_imports_workspace_idx` ON `statement_imports` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `statement_imports_account_idx` ON `statement_imports` (`account_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `statement_imports_card_idx` ON `statement_imports` (`card_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `transactions` ADD `import_id` text REFERENCES statement_imports(id);--> statement-breakpoint
ALTER TABLE `transactions` ADD `imported_id` text;--> statement-breakpoint
CREATE INDEX `transactions_import_idx` ON `transactions` (`import_id`);--> statement-breakpoint
-- A bank's id is taken once per account or card: the leg the import wrote to, then the id.
CREATE UNIQUE INDEX `transactions_imported_id_unique` ON `transactions` (coalesce(`origin_card_id`, `destination_card_id`, `origin_account_id`, `destination_account_id`), `imported_id`) WHERE `imported_id` IS NOT NULL;