CREATE TABLE "competitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"sport" smallint NOT NULL,
	"name_zh" text NOT NULL,
	"full_name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"short_name" text NOT NULL,
	"country" text,
	"region_zh" text NOT NULL,
	"type" text NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"color" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "competitions_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"sport" smallint NOT NULL,
	"name" text NOT NULL,
	"name_zh" text,
	"shirt_number" integer,
	"position" text,
	"nationality" text,
	"birth_date" date,
	"birth_year" integer,
	"team_id" integer,
	"generated" boolean DEFAULT false NOT NULL,
	CONSTRAINT "players_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "point_deductions" (
	"id" serial PRIMARY KEY NOT NULL,
	"season_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"points" smallint NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "point_deductions_once" UNIQUE("season_id","team_id","reason")
);
--> statement-breakpoint
CREATE TABLE "published_standings" (
	"id" serial PRIMARY KEY NOT NULL,
	"season_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"group_name" text,
	"rank" smallint NOT NULL,
	"played" smallint NOT NULL,
	"won" smallint NOT NULL,
	"lost" smallint NOT NULL,
	"drawn" smallint DEFAULT 0 NOT NULL,
	"points_for" integer NOT NULL,
	"points_against" integer NOT NULL,
	"home" text,
	"away" text,
	"note" text,
	CONSTRAINT "published_standings_once" UNIQUE("season_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"stage_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"key" text NOT NULL,
	"name_zh" text NOT NULL,
	"number" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rounds_key_once" UNIQUE("stage_id","key")
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"competition_id" integer NOT NULL,
	"name" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"is_current" boolean DEFAULT false NOT NULL,
	"generated" boolean DEFAULT false NOT NULL,
	CONSTRAINT "seasons_name_once" UNIQUE("competition_id","name")
);
--> statement-breakpoint
CREATE TABLE "squads" (
	"id" serial PRIMARY KEY NOT NULL,
	"season_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"shirt_number" integer,
	"position" text,
	"generated" boolean DEFAULT false NOT NULL,
	CONSTRAINT "squads_once" UNIQUE("season_id","team_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"season_id" integer NOT NULL,
	"key" text NOT NULL,
	"name_zh" text NOT NULL,
	"kind" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stages_key_once" UNIQUE("season_id","key")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"sport" smallint NOT NULL,
	"name" text NOT NULL,
	"name_zh" text NOT NULL,
	"full_name_zh" text NOT NULL,
	"short_name" text NOT NULL,
	"country" text,
	"city" text,
	"founded" integer,
	"venue" text,
	"conference" text,
	"color" text NOT NULL,
	"rating" real DEFAULT 1500 NOT NULL,
	"rating_generated" boolean DEFAULT false NOT NULL,
	CONSTRAINT "teams_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "match_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"side" smallint NOT NULL,
	"minute" smallint,
	"added_minute" smallint,
	"period" smallint,
	"clock_seconds" smallint,
	"player_id" integer,
	"player_name" text,
	"other_player_id" integer,
	"other_player_name" text,
	"detail" text,
	"home_score" smallint,
	"away_score" smallint,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "match_events_seq" UNIQUE("match_id","seq")
);
--> statement-breakpoint
CREATE TABLE "match_lineup_players" (
	"match_id" integer NOT NULL,
	"side" smallint NOT NULL,
	"slot" smallint NOT NULL,
	"player_id" integer,
	"name" text NOT NULL,
	"shirt_number" integer,
	"position" text,
	"starter" boolean NOT NULL,
	CONSTRAINT "match_lineup_players_match_id_side_slot_pk" PRIMARY KEY("match_id","side","slot")
);
--> statement-breakpoint
CREATE TABLE "match_lineups" (
	"match_id" integer NOT NULL,
	"side" smallint NOT NULL,
	"formation" text,
	"coach" text,
	"confirmed" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "match_lineups_match_id_side_pk" PRIMARY KEY("match_id","side")
);
--> statement-breakpoint
CREATE TABLE "match_player_stats" (
	"match_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"side" smallint NOT NULL,
	"starter" boolean DEFAULT false NOT NULL,
	"minutes_played" smallint DEFAULT 0 NOT NULL,
	"points" smallint DEFAULT 0 NOT NULL,
	"field_goals_scored" smallint DEFAULT 0 NOT NULL,
	"field_goals_attempted" smallint DEFAULT 0 NOT NULL,
	"three_points" smallint DEFAULT 0 NOT NULL,
	"three_points_attempted" smallint DEFAULT 0 NOT NULL,
	"free_throws_scored" smallint DEFAULT 0 NOT NULL,
	"free_throws_attempted" smallint DEFAULT 0 NOT NULL,
	"offensive_rebounds" smallint DEFAULT 0 NOT NULL,
	"defensive_rebounds" smallint DEFAULT 0 NOT NULL,
	"rebounds" smallint DEFAULT 0 NOT NULL,
	"assists" smallint DEFAULT 0 NOT NULL,
	"steals" smallint DEFAULT 0 NOT NULL,
	"blocks" smallint DEFAULT 0 NOT NULL,
	"turnovers" smallint DEFAULT 0 NOT NULL,
	"fouls" smallint DEFAULT 0 NOT NULL,
	"plus_minus" smallint DEFAULT 0 NOT NULL,
	"goals" smallint DEFAULT 0 NOT NULL,
	"shots" smallint DEFAULT 0 NOT NULL,
	"yellow_cards" smallint DEFAULT 0 NOT NULL,
	"red_cards" smallint DEFAULT 0 NOT NULL,
	"rating" real,
	CONSTRAINT "match_player_stats_match_id_player_id_pk" PRIMARY KEY("match_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "match_team_stats" (
	"match_id" integer NOT NULL,
	"side" smallint NOT NULL,
	"stats" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "match_team_stats_match_id_side_pk" PRIMARY KEY("match_id","side")
);
--> statement-breakpoint
CREATE TABLE "match_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"side" smallint,
	"minute" smallint,
	"period" smallint,
	"clock_seconds" smallint,
	"text" text NOT NULL,
	"home_score" smallint,
	"away_score" smallint,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "match_texts_seq" UNIQUE("match_id","seq")
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"origin" text NOT NULL,
	"source_match_id" integer,
	"sport" smallint NOT NULL,
	"competition_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"stage_id" integer,
	"round_id" integer,
	"group_name" text,
	"home_team_id" integer NOT NULL,
	"away_team_id" integer NOT NULL,
	"kickoff_at" timestamp with time zone NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"minute" smallint,
	"added_minute" smallint,
	"period" smallint,
	"clock_seconds" smallint,
	"clock_at" timestamp with time zone,
	"clock_running" boolean DEFAULT false NOT NULL,
	"home_score" smallint,
	"away_score" smallint,
	"ht_home" smallint,
	"ht_away" smallint,
	"ft_home" smallint,
	"ft_away" smallint,
	"et_home" smallint,
	"et_away" smallint,
	"pk_home" smallint,
	"pk_away" smallint,
	"home_periods" integer[],
	"away_periods" integer[],
	"home_red" smallint DEFAULT 0 NOT NULL,
	"away_red" smallint DEFAULT 0 NOT NULL,
	"home_yellow" smallint DEFAULT 0 NOT NULL,
	"away_yellow" smallint DEFAULT 0 NOT NULL,
	"home_corner" smallint DEFAULT 0 NOT NULL,
	"away_corner" smallint DEFAULT 0 NOT NULL,
	"venue" text,
	"neutral" boolean DEFAULT false NOT NULL,
	"jc_no" text,
	"bd_issue" text,
	"bd_no" smallint,
	"zc_issue" text,
	"zc_order" smallint,
	"heat" integer DEFAULT 0 NOT NULL,
	"has_lineup" boolean DEFAULT false NOT NULL,
	"has_text" boolean DEFAULT false NOT NULL,
	"sim_cursor" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matches_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "odds" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"market" text NOT NULL,
	"open1" real,
	"open2" real,
	"open3" real,
	"open_line" real,
	"v1" real,
	"v2" real,
	"v3" real,
	"line" real,
	"closed" boolean DEFAULT false NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "odds_once" UNIQUE("match_id","company_id","market")
);
--> statement-breakpoint
CREATE TABLE "odds_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"odds_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"v1" real,
	"v2" real,
	"v3" real,
	"line" real,
	"at" timestamp with time zone NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"minute" smallint,
	"home_score" smallint,
	"away_score" smallint,
	CONSTRAINT "odds_changes_at" UNIQUE("odds_id","at")
);
--> statement-breakpoint
CREATE TABLE "odds_companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"is_lottery" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "odds_companies_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "match_follows" (
	"user_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_follows_user_id_match_id_pk" PRIMARY KEY("user_id","match_id")
);
--> statement-breakpoint
CREATE TABLE "match_reserves" (
	"user_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_reserves_user_id_match_id_pk" PRIMARY KEY("user_id","match_id")
);
--> statement-breakpoint
CREATE TABLE "sports_feed_state" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text,
	"until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_deductions" ADD CONSTRAINT "point_deductions_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_deductions" ADD CONSTRAINT "point_deductions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_standings" ADD CONSTRAINT "published_standings_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_standings" ADD CONSTRAINT "published_standings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_stage_id_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "squads" ADD CONSTRAINT "squads_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "squads" ADD CONSTRAINT "squads_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "squads" ADD CONSTRAINT "squads_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stages" ADD CONSTRAINT "stages_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_other_player_id_players_id_fk" FOREIGN KEY ("other_player_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_lineup_players" ADD CONSTRAINT "match_lineup_players_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_lineup_players" ADD CONSTRAINT "match_lineup_players_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_lineups" ADD CONSTRAINT "match_lineups_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_player_stats" ADD CONSTRAINT "match_player_stats_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_player_stats" ADD CONSTRAINT "match_player_stats_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_player_stats" ADD CONSTRAINT "match_player_stats_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_team_stats" ADD CONSTRAINT "match_team_stats_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_texts" ADD CONSTRAINT "match_texts_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_stage_id_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_home_team_id_teams_id_fk" FOREIGN KEY ("home_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_away_team_id_teams_id_fk" FOREIGN KEY ("away_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "odds" ADD CONSTRAINT "odds_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "odds" ADD CONSTRAINT "odds_company_id_odds_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."odds_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "odds_changes" ADD CONSTRAINT "odds_changes_odds_id_odds_id_fk" FOREIGN KEY ("odds_id") REFERENCES "public"."odds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_follows" ADD CONSTRAINT "match_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_follows" ADD CONSTRAINT "match_follows_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_reserves" ADD CONSTRAINT "match_reserves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_reserves" ADD CONSTRAINT "match_reserves_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "players_team_idx" ON "players" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "rounds_season_idx" ON "rounds" USING btree ("season_id");--> statement-breakpoint
CREATE INDEX "squads_team_idx" ON "squads" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "teams_sport_idx" ON "teams" USING btree ("sport");--> statement-breakpoint
CREATE INDEX "match_player_stats_player_idx" ON "match_player_stats" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "matches_kickoff_idx" ON "matches" USING btree ("sport","kickoff_at");--> statement-breakpoint
CREATE INDEX "matches_kickoff_all_idx" ON "matches" USING btree ("kickoff_at");--> statement-breakpoint
CREATE INDEX "matches_season_idx" ON "matches" USING btree ("season_id","round_id");--> statement-breakpoint
CREATE INDEX "matches_home_idx" ON "matches" USING btree ("home_team_id","kickoff_at");--> statement-breakpoint
CREATE INDEX "matches_away_idx" ON "matches" USING btree ("away_team_id","kickoff_at");--> statement-breakpoint
CREATE INDEX "matches_state_idx" ON "matches" USING btree ("sport","state");--> statement-breakpoint
CREATE INDEX "odds_changes_match_idx" ON "odds_changes" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "match_follows_match_idx" ON "match_follows" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "match_reserves_match_idx" ON "match_reserves" USING btree ("match_id");