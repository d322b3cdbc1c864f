ALTER TABLE "auth"."flow_state" ALTER COLUMN "code_challenge" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "auth"."flow_state" ALTER COLUMN "code_challenge_method" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "auth"."flow_state" ADD COLUMN "referrer" text;--> statement-breakpoint
ALTER TABLE "auth"."flow_state" ADD COLUMN "provider_code_verifier" text;