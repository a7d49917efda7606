ALTER TABLE "red_packets" ADD COLUMN "match_id" integer;--> statement-breakpoint
ALTER TABLE "red_packets" ADD COLUMN "opens_on" text;--> statement-breakpoint
ALTER TABLE "red_packets" ADD COLUMN "armed_goals" smallint;--> statement-breakpoint
ALTER TABLE "red_packets" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "red_packets_match_idx" ON "red_packets" USING btree ("match_id","status");