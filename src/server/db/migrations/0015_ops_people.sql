CREATE TABLE "room_audits" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"field" text NOT NULL,
	"before" text,
	"after" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewer_id" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "adverts" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "adverts" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "muted_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "room_audits" ADD CONSTRAINT "room_audits_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_audits" ADD CONSTRAINT "room_audits_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_audits_status_idx" ON "room_audits" USING btree ("status","id");