CREATE TABLE "news_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"column_id" integer NOT NULL,
	"kind" text DEFAULT 'editor' NOT NULL,
	"source_key" text,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"cover" text,
	"body" text NOT NULL,
	"author_id" integer,
	"author_name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"preview_token" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"collect_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_articles_source_key_unique" UNIQUE("source_key")
);
--> statement-breakpoint
CREATE TABLE "news_collects" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_collects_once" UNIQUE("user_id","article_id")
);
--> statement-breakpoint
CREATE TABLE "news_columns" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"competition_key" text,
	"intro" text DEFAULT '' NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "news_columns_slug_unique" UNIQUE("slug"),
	CONSTRAINT "news_columns_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "news_comment_likes" (
	"comment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "news_comment_likes_once" UNIQUE("comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "news_comment_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"comment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_comment_reports_once" UNIQUE("comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "news_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"parent_id" integer,
	"reply_to_user_id" integer,
	"content" text NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"report_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'visible' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"editor_id" integer,
	"action" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "news_tags_once" UNIQUE("article_id","kind","ref_id")
);
--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_column_id_news_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."news_columns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_collects" ADD CONSTRAINT "news_collects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_collects" ADD CONSTRAINT "news_collects_article_id_news_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."news_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_comment_likes" ADD CONSTRAINT "news_comment_likes_comment_id_news_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."news_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_comment_likes" ADD CONSTRAINT "news_comment_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_comment_reports" ADD CONSTRAINT "news_comment_reports_comment_id_news_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."news_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_comment_reports" ADD CONSTRAINT "news_comment_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_comments" ADD CONSTRAINT "news_comments_article_id_news_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."news_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_comments" ADD CONSTRAINT "news_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_revisions" ADD CONSTRAINT "news_revisions_article_id_news_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."news_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_revisions" ADD CONSTRAINT "news_revisions_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_tags" ADD CONSTRAINT "news_tags_article_id_news_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."news_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_articles_list_idx" ON "news_articles" USING btree ("status","publish_at");--> statement-breakpoint
CREATE INDEX "news_articles_column_idx" ON "news_articles" USING btree ("column_id","publish_at");--> statement-breakpoint
CREATE INDEX "news_collects_user_idx" ON "news_collects" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "news_comments_article_idx" ON "news_comments" USING btree ("article_id","parent_id");--> statement-breakpoint
CREATE INDEX "news_revisions_article_idx" ON "news_revisions" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "news_tags_ref_idx" ON "news_tags" USING btree ("kind","ref_id");