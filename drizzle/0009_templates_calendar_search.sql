CREATE TABLE "calendar_event_attendees" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_event_attendees_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"public_id" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_events_ends_after_start" CHECK ("calendar_events"."ends_at" >= "calendar_events"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"public_id" text NOT NULL,
	"builtin_key" text,
	"workspace_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"icon" text NOT NULL,
	"color" text NOT NULL,
	"structure" jsonb NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_event_attendees" ADD CONSTRAINT "calendar_event_attendees_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_event_attendees_user_idx" ON "calendar_event_attendees" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_events_public_id_idx" ON "calendar_events" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "calendar_events_workspace_idx" ON "calendar_events" USING btree ("workspace_id","starts_at");--> statement-breakpoint
CREATE INDEX "calendar_events_project_idx" ON "calendar_events" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "templates_public_id_idx" ON "templates" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "templates_builtin_key_idx" ON "templates" USING btree ("builtin_key") WHERE "templates"."builtin_key" is not null;--> statement-breakpoint
CREATE INDEX "templates_workspace_idx" ON "templates" USING btree ("workspace_id","updated_at");--> statement-breakpoint
-- Full-text search (hand-written, kept out of the ORM schema so no select reads them): the
-- 'simple' configuration (no stemming, no stop words: names, keys and any language match
-- as typed, and prefix queries `word:*` do the rest), title-like fields weighted A.
ALTER TABLE "tasks" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, "title"), 'A') || setweight(to_tsvector('simple'::regconfig, "description"), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, "name" || ' ' || "key"), 'A') || setweight(to_tsvector('simple'::regconfig, "description"), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "body")) STORED;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, "name"), 'A') || setweight(to_tsvector('simple'::regconfig, "description" || ' ' || "category"), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "tasks_search_idx" ON "tasks" USING gin ("search");--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin ("search");--> statement-breakpoint
CREATE INDEX "comments_search_idx" ON "comments" USING gin ("search");--> statement-breakpoint
CREATE INDEX "templates_search_idx" ON "templates" USING gin ("search");
