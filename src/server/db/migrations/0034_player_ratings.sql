CREATE TABLE "player_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"rating" real NOT NULL,
	"counted" boolean NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "player_ratings_user_match_player" UNIQUE("user_id","match_id","player_id"),
	CONSTRAINT "player_ratings_rating" CHECK ("player_ratings"."rating" between 1 and 10 and "player_ratings"."rating" * 2 = floor("player_ratings"."rating" * 2))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
-- Every account made through the site so far proved its phone with an SMS code (registration, code login).
UPDATE "users" SET "phone_verified_at" = "created_at";--> statement-breakpoint
ALTER TABLE "player_ratings" ADD CONSTRAINT "player_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_ratings" ADD CONSTRAINT "player_ratings_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_ratings" ADD CONSTRAINT "player_ratings_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_ratings_match_idx" ON "player_ratings" USING btree ("match_id","player_id");--> statement-breakpoint
CREATE INDEX "player_ratings_player_idx" ON "player_ratings" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "player_ratings_ip_idx" ON "player_ratings" USING btree ("match_id","ip");