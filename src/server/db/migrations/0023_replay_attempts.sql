ALTER TABLE "live_sessions" ADD COLUMN "replay_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "feed_gaps" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "earlier_matches" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "youliao_clips" ADD COLUMN "taken_down_at" timestamp with time zone;