CREATE TABLE "hot_search_visitors" (
	"word" text NOT NULL,
	"visitor" text NOT NULL,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hot_search_visitors_word_visitor_pk" PRIMARY KEY("word","visitor")
);
--> statement-breakpoint
CREATE INDEX "hot_search_visitors_at_idx" ON "hot_search_visitors" USING btree ("searched_at");--> statement-breakpoint
ALTER TABLE "hot_searches" DROP COLUMN "score";--> statement-breakpoint
ALTER TABLE "hot_searches" DROP COLUMN "score_at";