CREATE TABLE "code_host_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"public_id" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"secret" text NOT NULL,
	"created_by" uuid NOT NULL,
	"last_delivery_at" timestamp with time zone,
	"last_delivery_result" text,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"failing_since" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "code_host_deliveries" (
	"connection_id" uuid NOT NULL,
	"delivery_id" text NOT NULL,
	"event" text NOT NULL,
	"result" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "code_host_deliveries_connection_id_delivery_id_pk" PRIMARY KEY("connection_id","delivery_id")
);
--> statement-breakpoint
CREATE TABLE "task_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"connection_id" uuid,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"external_id" text NOT NULL,
	"repository" text NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"number" integer,
	"state" text,
	"branch" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "code_host_connections" ADD CONSTRAINT "code_host_connections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_host_deliveries" ADD CONSTRAINT "code_host_deliveries_connection_id_code_host_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."code_host_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_links" ADD CONSTRAINT "task_links_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_links" ADD CONSTRAINT "task_links_connection_id_code_host_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."code_host_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "code_host_connections_public_id_idx" ON "code_host_connections" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "code_host_connections_workspace_idx" ON "code_host_connections" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "code_host_deliveries_received_idx" ON "code_host_deliveries" USING btree ("connection_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "task_links_task_thing_idx" ON "task_links" USING btree ("task_id","provider","external_id");--> statement-breakpoint
CREATE INDEX "task_links_thing_idx" ON "task_links" USING btree ("provider","external_id");