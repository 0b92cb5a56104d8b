CREATE TABLE `rule_suggestions` (
	`workspace_id` text NOT NULL,
	`payee_id` text NOT NULL,
	`tag_ids` text NOT NULL,
	`times` integer DEFAULT 0 NOT NULL,
	`answered_at` text,
	PRIMARY KEY(`workspace_id`, `payee_id`, `tag_ids`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payee_id`) REFERENCES `payees`(`id`) ON UPDATE no action ON DELETE cascade
);
