CREATE TABLE "sport_follows" (
	"user_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sport_follows_user_id_target_type_target_id_pk" PRIMARY KEY("user_id","target_type","target_id"),
	CONSTRAINT "sport_follows_type" CHECK ("sport_follows"."target_type" in ('team','competition'))
);
--> statement-breakpoint
CREATE TABLE "search_docs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"sport" smallint,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"href" text NOT NULL,
	"image" text,
	"names" text DEFAULT '|' NOT NULL,
	"tokens" text NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, tokens)) STORED NOT NULL,
	"boost" real DEFAULT 0 NOT NULL,
	"sig" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_docs_ref" UNIQUE("kind","ref_id")
);
--> statement-breakpoint
ALTER TABLE "hot_searches" ADD COLUMN "hits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hot_searches" ADD COLUMN "score" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hot_searches" ADD COLUMN "score_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "hot_searches" ADD COLUMN "pinned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "hot_searches" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sport_follows" ADD CONSTRAINT "sport_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sport_follows_target_idx" ON "sport_follows" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "search_docs_tsv_idx" ON "search_docs" USING gin ("tsv");