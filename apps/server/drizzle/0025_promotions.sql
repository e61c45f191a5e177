CREATE TABLE "coupon_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"reduction_percent" numeric(5, 2) NOT NULL,
	"coins" jsonb NOT NULL,
	"valid_days" integer NOT NULL,
	"use_before" timestamp with time zone NOT NULL,
	"code_count" integer NOT NULL,
	"created_by" uuid,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupon_campaigns_percent_check" CHECK ("coupon_campaigns"."reduction_percent" > 0 and "coupon_campaigns"."reduction_percent" <= 100),
	CONSTRAINT "coupon_campaigns_days_check" CHECK ("coupon_campaigns"."valid_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "coupon_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"redeemed_by" uuid,
	"redeemed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "coupon_savings" (
	"coupon_id" uuid NOT NULL,
	"day" date NOT NULL,
	"coin" text NOT NULL,
	"account_id" uuid NOT NULL,
	"fee_rate" numeric NOT NULL,
	"reduced_fee_rate" numeric NOT NULL,
	"saving" numeric NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupon_savings_coupon_id_day_pk" PRIMARY KEY("coupon_id","day")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"code" text NOT NULL,
	"status" text NOT NULL,
	"coin" text,
	"account_id" uuid,
	"start_day" date,
	"end_day" date,
	"redeemed_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "coupons_status_check" CHECK ("coupons"."status" in ('unused', 'in_use', 'used', 'expired')),
	CONSTRAINT "coupons_started_check" CHECK ("coupons"."status" in ('unused', 'expired') or ("coupons"."coin" is not null and "coupons"."account_id" is not null and "coupons"."start_day" is not null and "coupons"."end_day" is not null))
);
--> statement-breakpoint
CREATE TABLE "red_packet_credits" (
	"packet_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "red_packet_credits_packet_id_user_id_day_pk" PRIMARY KEY("packet_id","user_id","day")
);
--> statement-breakpoint
CREATE TABLE "red_packet_receipts" (
	"packet_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"earned" numeric DEFAULT '0' NOT NULL,
	"paid" numeric(38, 18) DEFAULT '0' NOT NULL,
	"credited_through" date,
	CONSTRAINT "red_packet_receipts_packet_id_user_id_pk" PRIMARY KEY("packet_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "red_packets" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"coin" text NOT NULL,
	"hashrate" double precision NOT NULL,
	"duration_days" integer NOT NULL,
	"shares" integer NOT NULL,
	"shares_left" integer NOT NULL,
	"budget" numeric(38, 18) NOT NULL,
	"paid" numeric(38, 18) DEFAULT '0' NOT NULL,
	"activation_deadline" timestamp with time zone NOT NULL,
	"receiving_email" text,
	"funder" text NOT NULL,
	"created_by" uuid,
	"ended_at" timestamp with time zone,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "red_packets_shares_check" CHECK ("red_packets"."shares_left" >= 0 and "red_packets"."shares_left" <= "red_packets"."shares"),
	CONSTRAINT "red_packets_budget_check" CHECK ("red_packets"."paid" >= 0 and "red_packets"."paid" <= "red_packets"."budget")
);
--> statement-breakpoint
ALTER TABLE "coupon_campaigns" ADD CONSTRAINT "coupon_campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_codes" ADD CONSTRAINT "coupon_codes_campaign_id_coupon_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."coupon_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_codes" ADD CONSTRAINT "coupon_codes_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_savings" ADD CONSTRAINT "coupon_savings_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_campaign_id_coupon_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."coupon_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_code_coupon_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."coupon_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_account_id_mining_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."mining_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packet_credits" ADD CONSTRAINT "red_packet_credits_packet_id_red_packets_id_fk" FOREIGN KEY ("packet_id") REFERENCES "public"."red_packets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packet_receipts" ADD CONSTRAINT "red_packet_receipts_packet_id_red_packets_id_fk" FOREIGN KEY ("packet_id") REFERENCES "public"."red_packets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packet_receipts" ADD CONSTRAINT "red_packet_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packet_receipts" ADD CONSTRAINT "red_packet_receipts_account_id_mining_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."mining_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packets" ADD CONSTRAINT "red_packets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_codes_campaign_idx" ON "coupon_codes" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "coupon_savings_account_idx" ON "coupon_savings" USING btree ("account_id","coin","day");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_unique" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE INDEX "coupons_user_idx" ON "coupons" USING btree ("user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_one_in_use" ON "coupons" USING btree ("account_id","coin") WHERE "coupons"."status" = 'in_use';--> statement-breakpoint
CREATE INDEX "coupons_active_idx" ON "coupons" USING btree ("coin","start_day","end_day") WHERE "coupons"."status" in ('in_use', 'used');--> statement-breakpoint
CREATE INDEX "red_packet_receipts_user_idx" ON "red_packet_receipts" USING btree ("user_id","received_at");