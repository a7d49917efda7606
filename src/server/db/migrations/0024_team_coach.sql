ALTER TABLE "teams" ADD COLUMN "coach" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "coach_zh" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "coach_generated" boolean DEFAULT false NOT NULL;