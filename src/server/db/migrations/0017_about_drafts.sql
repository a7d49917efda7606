CREATE TABLE "about_page_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"editor_id" integer,
	"action" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"format" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "about_pages" ADD COLUMN "format" text DEFAULT 'html' NOT NULL;--> statement-breakpoint
ALTER TABLE "about_pages" ADD COLUMN "draft_title" text;--> statement-breakpoint
ALTER TABLE "about_pages" ADD COLUMN "draft_summary" text;--> statement-breakpoint
ALTER TABLE "about_pages" ADD COLUMN "draft_body" text;--> statement-breakpoint
ALTER TABLE "about_pages" ADD COLUMN "draft_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "about_pages" ADD COLUMN "draft_by" integer;--> statement-breakpoint
ALTER TABLE "about_pages" ADD COLUMN "preview_token" text;--> statement-breakpoint
ALTER TABLE "about_page_versions" ADD CONSTRAINT "about_page_versions_page_id_about_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."about_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "about_page_versions" ADD CONSTRAINT "about_page_versions_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "about_page_versions_page_idx" ON "about_page_versions" USING btree ("page_id");--> statement-breakpoint
ALTER TABLE "about_pages" ADD CONSTRAINT "about_pages_draft_by_users_id_fk" FOREIGN KEY ("draft_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "about_pages" ADD CONSTRAINT "about_pages_preview_token_unique" UNIQUE("preview_token");