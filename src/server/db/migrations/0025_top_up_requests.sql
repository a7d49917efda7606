CREATE TABLE "top_up_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"requested_by" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewer_id" integer,
	"review_note" text,
	"record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "top_up_requests_amount_pos" CHECK ("top_up_requests"."amount" > 0),
	CONSTRAINT "top_up_requests_currency" CHECK ("top_up_requests"."currency" in ('diamond', 'ticket')),
	CONSTRAINT "top_up_requests_status" CHECK ("top_up_requests"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "top_up_requests_not_own" CHECK ("top_up_requests"."requested_by" <> "top_up_requests"."user_id"),
	CONSTRAINT "top_up_requests_second_person" CHECK ("top_up_requests"."reviewer_id" is null or ("top_up_requests"."reviewer_id" <> "top_up_requests"."requested_by" and "top_up_requests"."reviewer_id" <> "top_up_requests"."user_id"))
);
--> statement-breakpoint
ALTER TABLE "top_up_requests" ADD CONSTRAINT "top_up_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_up_requests" ADD CONSTRAINT "top_up_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_up_requests" ADD CONSTRAINT "top_up_requests_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_up_requests" ADD CONSTRAINT "top_up_requests_record_id_trade_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."trade_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "top_up_requests_status_idx" ON "top_up_requests" USING btree ("status","id");