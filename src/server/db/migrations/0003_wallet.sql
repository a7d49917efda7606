CREATE TABLE "bank_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"bank_name" text NOT NULL,
	"card_no_enc" text NOT NULL,
	"card_no_hmac" text NOT NULL,
	"card_no_masked" text NOT NULL,
	"holder_masked" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon" text NOT NULL,
	"price" integer NOT NULL,
	"tier" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "gifts_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "nobility_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"level" smallint NOT NULL,
	"monthly_price" integer NOT NULL,
	"bubble" smallint NOT NULL,
	"entry_effect" text NOT NULL,
	"badge" text NOT NULL,
	"color" text NOT NULL,
	"renew_discount" smallint DEFAULT 100 NOT NULL,
	CONSTRAINT "nobility_tiers_name_unique" UNIQUE("name"),
	CONSTRAINT "nobility_tiers_level_unique" UNIQUE("level")
);
--> statement-breakpoint
CREATE TABLE "pay_passwords" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"failures" smallint DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharge_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"diamonds" integer NOT NULL,
	"bonus" integer DEFAULT 0 NOT NULL,
	"package_id" text,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_trade_no" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "recharge_orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "recharge_orders_user_key" UNIQUE("user_id","idempotency_key"),
	CONSTRAINT "recharge_orders_amount_pos" CHECK ("recharge_orders"."amount_fen" > 0 and "recharge_orders"."diamonds" > 0)
);
--> statement-breakpoint
CREATE TABLE "trade_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"counterparty_id" integer,
	"ref" text,
	"note" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_records_user_key" UNIQUE("user_id","idempotency_key"),
	CONSTRAINT "trade_records_type_range" CHECK ("trade_records"."type" between 1 and 15),
	CONSTRAINT "trade_records_currency" CHECK ("trade_records"."currency" in ('diamond', 'ticket')),
	CONSTRAINT "trade_records_amount_nonzero" CHECK ("trade_records"."amount" <> 0),
	CONSTRAINT "trade_records_balance_after_nonneg" CHECK ("trade_records"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_nobility" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"tier_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"ticket" integer DEFAULT 0 NOT NULL,
	"ticket_held" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_balance_nonneg" CHECK ("wallets"."balance" >= 0),
	CONSTRAINT "wallets_ticket_nonneg" CHECK ("wallets"."ticket" >= 0),
	CONSTRAINT "wallets_ticket_held_nonneg" CHECK ("wallets"."ticket_held" >= 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"payout_fen" integer NOT NULL,
	"bank_name" text NOT NULL,
	"card_no_masked" text NOT NULL,
	"card_no_enc" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewer_id" integer,
	"review_note" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "withdrawals_user_key" UNIQUE("user_id","idempotency_key"),
	CONSTRAINT "withdrawals_amount_pos" CHECK ("withdrawals"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "bank_cards" ADD CONSTRAINT "bank_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_passwords" ADD CONSTRAINT "pay_passwords_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_records" ADD CONSTRAINT "trade_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_records" ADD CONSTRAINT "trade_records_counterparty_id_users_id_fk" FOREIGN KEY ("counterparty_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_nobility" ADD CONSTRAINT "user_nobility_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_nobility" ADD CONSTRAINT "user_nobility_tier_id_nobility_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."nobility_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_cards_number_idx" ON "bank_cards" USING btree ("card_no_hmac");--> statement-breakpoint
CREATE INDEX "bank_cards_user_idx" ON "bank_cards" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "recharge_orders_user_idx" ON "recharge_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "trade_records_user_idx" ON "trade_records" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "trade_records_counterparty_idx" ON "trade_records" USING btree ("counterparty_id","type");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","id");