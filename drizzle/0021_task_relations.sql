CREATE TABLE "task_relations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"public_id" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"from_task_id" uuid NOT NULL,
	"to_task_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_relations_not_self" CHECK ("task_relations"."from_task_id" <> "task_relations"."to_task_id"),
	CONSTRAINT "task_relations_kind" CHECK ("task_relations"."kind" in ('blocks', 'relates', 'duplicates'))
);
--> statement-breakpoint
ALTER TABLE "task_relations" ADD CONSTRAINT "task_relations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_relations" ADD CONSTRAINT "task_relations_from_task_id_tasks_id_fk" FOREIGN KEY ("from_task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_relations" ADD CONSTRAINT "task_relations_to_task_id_tasks_id_fk" FOREIGN KEY ("to_task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "task_relations_public_id_idx" ON "task_relations" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_relations_pair_idx" ON "task_relations" USING btree ("from_task_id","to_task_id","kind");--> statement-breakpoint
CREATE INDEX "task_relations_to_idx" ON "task_relations" USING btree ("to_task_id","kind","from_task_id");