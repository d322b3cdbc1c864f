CREATE TABLE "chat_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"public_id" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"failing_since" timestamp with time zone,
	"last_error" text,
	"disabled_at" timestamp with time zone,
	"disabled_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"public_id" text NOT NULL,
	"channel_id" uuid NOT NULL,
	"message_key" text NOT NULL,
	"kind" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"attempt" integer NOT NULL,
	"status_code" integer,
	"error" text,
	"duration_ms" integer NOT NULL,
	"response_excerpt" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_channels" ADD CONSTRAINT "chat_channels_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_channels" ADD CONSTRAINT "chat_channels_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_deliveries" ADD CONSTRAINT "chat_deliveries_channel_id_chat_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."chat_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_channels_public_id_idx" ON "chat_channels" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "chat_channels_workspace_idx" ON "chat_channels" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_channels_project_idx" ON "chat_channels" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_deliveries_public_id_idx" ON "chat_deliveries" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "chat_deliveries_channel_idx" ON "chat_deliveries" USING btree ("channel_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_deliveries_message_idx" ON "chat_deliveries" USING btree ("channel_id","message_key");