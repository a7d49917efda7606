CREATE TABLE "predictions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"sport" smallint NOT NULL,
	"winner" text NOT NULL,
	"total" text,
	"total_line" real,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"winner_result" text,
	"total_result" text,
	"settled_at" timestamp with time zone,
	CONSTRAINT "predictions_user_match" UNIQUE("user_id","match_id"),
	CONSTRAINT "predictions_total_line" CHECK (("predictions"."total" is null) = ("predictions"."total_line" is null))
);
--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "predictions_match_idx" ON "predictions" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "predictions_settled_idx" ON "predictions" USING btree ("settled_at");