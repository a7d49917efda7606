CREATE TABLE "youliao_clips" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"anchor_id" integer NOT NULL,
	"cut_by_id" integer,
	"sport" smallint NOT NULL,
	"title" text NOT NULL,
	"price" integer NOT NULL,
	"start_sec" real NOT NULL,
	"end_sec" real NOT NULL,
	"duration" real,
	"state" text DEFAULT 'processing' NOT NULL,
	"fail_reason" text,
	"sold" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	CONSTRAINT "youliao_clips_price_range" CHECK ("youliao_clips"."price" between 0 and 100000),
	CONSTRAINT "youliao_clips_range" CHECK ("youliao_clips"."end_sec" > "youliao_clips"."start_sec" and "youliao_clips"."start_sec" >= 0)
);
--> statement-breakpoint
CREATE TABLE "youliao_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"clip_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"price" integer NOT NULL,
	"trade_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "youliao_purchases_once" UNIQUE("clip_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "youliao_clips" ADD CONSTRAINT "youliao_clips_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "youliao_clips" ADD CONSTRAINT "youliao_clips_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "youliao_clips" ADD CONSTRAINT "youliao_clips_cut_by_id_users_id_fk" FOREIGN KEY ("cut_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "youliao_purchases" ADD CONSTRAINT "youliao_purchases_clip_id_youliao_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."youliao_clips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "youliao_purchases" ADD CONSTRAINT "youliao_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "youliao_clips_list_idx" ON "youliao_clips" USING btree ("state","sport","id");--> statement-breakpoint
CREATE INDEX "youliao_clips_anchor_idx" ON "youliao_clips" USING btree ("anchor_id","id");--> statement-breakpoint
CREATE INDEX "youliao_purchases_user_idx" ON "youliao_purchases" USING btree ("user_id","id");