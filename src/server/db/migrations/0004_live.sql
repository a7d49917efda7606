CREATE TABLE "anchor_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'auditing' NOT NULL,
	"nav_id" smallint NOT NULL,
	"intro" text NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"reviewer_id" integer,
	"review_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "anchor_applications_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "anchor_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"anchor_id" integer NOT NULL,
	"match_id" integer,
	"title" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer,
	"match_id" integer,
	"user_id" integer,
	"kind" text DEFAULT 'text' NOT NULL,
	"content" text NOT NULL,
	"sender" jsonb NOT NULL,
	"at_info" jsonb,
	"extra" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "horns" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"room_id" integer,
	"content" text NOT NULL,
	"price" integer NOT NULL,
	"request_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "horns_user_key" UNIQUE("user_id","request_key")
);
--> statement-breakpoint
CREATE TABLE "live_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"anchor_id" integer NOT NULL,
	"title" text NOT NULL,
	"cover" text,
	"nav_id" smallint NOT NULL,
	"match_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"replay_url" text,
	"peak_heat" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "red_packet_grabs" (
	"id" serial PRIMARY KEY NOT NULL,
	"packet_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "red_packet_grabs_once" UNIQUE("packet_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "red_packets" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"total" integer NOT NULL,
	"count" smallint NOT NULL,
	"mode" smallint NOT NULL,
	"password" text,
	"shares" integer[] NOT NULL,
	"grabbed" smallint DEFAULT 0 NOT NULL,
	"amount_left" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"request_key" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "red_packets_sender_key" UNIQUE("sender_id","request_key"),
	CONSTRAINT "red_packets_left_nonneg" CHECK ("red_packets"."amount_left" >= 0),
	CONSTRAINT "red_packets_grabbed_range" CHECK ("red_packets"."grabbed" between 0 and "red_packets"."count")
);
--> statement-breakpoint
CREATE TABLE "room_forbids" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"by_user_id" integer,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_forbids_once" UNIQUE("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "room_managers" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_managers_once" UNIQUE("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "room_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"reporter_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"reason" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"anchor_id" integer NOT NULL,
	"title" text NOT NULL,
	"cover" text,
	"nav_id" smallint DEFAULT 1 NOT NULL,
	"match_id" integer,
	"notice" text DEFAULT '' NOT NULL,
	"live_state" smallint DEFAULT 0 NOT NULL,
	"heat" integer DEFAULT 0 NOT NULL,
	"stream_secret" text NOT NULL,
	"audit_state" smallint DEFAULT 1 NOT NULL,
	"slow_mode" smallint DEFAULT 0 NOT NULL,
	"live_since" timestamp with time zone,
	"session_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rooms_anchor_id_unique" UNIQUE("anchor_id"),
	CONSTRAINT "rooms_slow_mode_range" CHECK ("rooms"."slow_mode" between 0 and 300)
);
--> statement-breakpoint
ALTER TABLE "anchor_applications" ADD CONSTRAINT "anchor_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anchor_applications" ADD CONSTRAINT "anchor_applications_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anchor_schedules" ADD CONSTRAINT "anchor_schedules_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horns" ADD CONSTRAINT "horns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horns" ADD CONSTRAINT "horns_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packet_grabs" ADD CONSTRAINT "red_packet_grabs_packet_id_red_packets_id_fk" FOREIGN KEY ("packet_id") REFERENCES "public"."red_packets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packet_grabs" ADD CONSTRAINT "red_packet_grabs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packets" ADD CONSTRAINT "red_packets_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packets" ADD CONSTRAINT "red_packets_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_forbids" ADD CONSTRAINT "room_forbids_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_forbids" ADD CONSTRAINT "room_forbids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_forbids" ADD CONSTRAINT "room_forbids_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_managers" ADD CONSTRAINT "room_managers_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_managers" ADD CONSTRAINT "room_managers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_reports" ADD CONSTRAINT "room_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_reports" ADD CONSTRAINT "room_reports_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "anchor_schedules_anchor_idx" ON "anchor_schedules" USING btree ("anchor_id","start_at");--> statement-breakpoint
CREATE INDEX "anchor_schedules_match_idx" ON "anchor_schedules" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "chat_messages_room_idx" ON "chat_messages" USING btree ("room_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_match_idx" ON "chat_messages" USING btree ("match_id","id");--> statement-breakpoint
CREATE INDEX "horns_created_idx" ON "horns" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "live_sessions_room_idx" ON "live_sessions" USING btree ("room_id","started_at");--> statement-breakpoint
CREATE INDEX "red_packets_room_idx" ON "red_packets" USING btree ("room_id","id");--> statement-breakpoint
CREATE INDEX "red_packets_open_idx" ON "red_packets" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "room_managers_user_idx" ON "room_managers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "room_reports_room_idx" ON "room_reports" USING btree ("room_id","id");--> statement-breakpoint
CREATE INDEX "rooms_live_idx" ON "rooms" USING btree ("live_state","heat");--> statement-breakpoint
CREATE INDEX "rooms_match_idx" ON "rooms" USING btree ("match_id");