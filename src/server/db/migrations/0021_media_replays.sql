ALTER TABLE "live_sessions" ADD COLUMN "push_client" text;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "replay_state" text;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "duration_seconds" integer;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "feed_clock_at" timestamp with time zone;