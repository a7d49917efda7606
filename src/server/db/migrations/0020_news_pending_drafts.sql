ALTER TABLE "news_articles" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "news_articles" ADD COLUMN "draft_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "news_articles" ADD COLUMN "draft_by" integer;--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_draft_by_users_id_fk" FOREIGN KEY ("draft_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;