ALTER TABLE "posts" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "news_articles" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;