ALTER TABLE `statement_imports` ADD `source_app` text;--> statement-breakpoint
ALTER TABLE `statement_imports` ADD `created_entities` text;