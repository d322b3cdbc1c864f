CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"public_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid,
	"salt" text NOT NULL,
	"token_hash" text NOT NULL,
	"last_fetched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "external_uid" text;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_public_id_idx" ON "calendar_feeds" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_hash_idx" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_user_idx" ON "calendar_feeds" USING btree ("user_id") WHERE "calendar_feeds"."project_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_user_project_idx" ON "calendar_feeds" USING btree ("user_id","project_id") WHERE "calendar_feeds"."project_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_events_external_uid_idx" ON "calendar_events" USING btree ("workspace_id","external_uid") WHERE "calendar_events"."external_uid" is not null;