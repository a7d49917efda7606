CREATE TABLE "expert_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"real_name" text NOT NULL,
	"title" text NOT NULL,
	"intro" text NOT NULL,
	"sample_record" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"review_note" text,
	"reviewer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tip_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"expert_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"sport" smallint NOT NULL,
	"play" text NOT NULL,
	"line" real,
	"pick" text NOT NULL,
	"odds" real NOT NULL,
	"title" text NOT NULL,
	"analysis" text NOT NULL,
	"price" integer NOT NULL,
	"refund_on_loss" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"content_hash" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"result" text,
	"settled_score" text,
	"settled_at" timestamp with time zone,
	"sold" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tip_plans_price_range" CHECK ("tip_plans"."price" between 0 and 100000)
);
--> statement-breakpoint
CREATE TABLE "tip_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"price" integer NOT NULL,
	"trade_id" integer,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tip_purchases_once" UNIQUE("plan_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "expert_applications" ADD CONSTRAINT "expert_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_applications" ADD CONSTRAINT "expert_applications_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_plans" ADD CONSTRAINT "tip_plans_expert_id_users_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_plans" ADD CONSTRAINT "tip_plans_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_purchases" ADD CONSTRAINT "tip_purchases_plan_id_tip_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."tip_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_purchases" ADD CONSTRAINT "tip_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expert_applications_status_idx" ON "expert_applications" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "tip_plans_match_idx" ON "tip_plans" USING btree ("match_id","status");--> statement-breakpoint
CREATE INDEX "tip_plans_expert_idx" ON "tip_plans" USING btree ("expert_id","id");--> statement-breakpoint
CREATE INDEX "tip_plans_status_idx" ON "tip_plans" USING btree ("status","settled_at");--> statement-breakpoint
CREATE INDEX "tip_purchases_user_idx" ON "tip_purchases" USING btree ("user_id","id");