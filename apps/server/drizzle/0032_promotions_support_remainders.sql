CREATE TABLE "campaign_participants" (
	"campaign_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "campaign_participants_campaign_id_user_id_pk" PRIMARY KEY("campaign_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "coupon_block_savings" (
	"source" text NOT NULL,
	"account_id" uuid NOT NULL,
	"method" text NOT NULL,
	"coupon_id" uuid NOT NULL,
	"coin" text NOT NULL,
	"day" date NOT NULL,
	"fee_rate" numeric NOT NULL,
	"reduced_fee_rate" numeric NOT NULL,
	"saving" numeric NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupon_block_savings_source_account_id_method_pk" PRIMARY KEY("source","account_id","method")
);
--> statement-breakpoint
CREATE TABLE "promotion_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "image_id" uuid;--> statement-breakpoint
ALTER TABLE "sliders" ADD COLUMN "image_id" uuid;--> statement-breakpoint
ALTER TABLE "red_packets" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "campaign_participants" ADD CONSTRAINT "campaign_participants_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_block_savings" ADD CONSTRAINT "coupon_block_savings_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_settings" ADD CONSTRAINT "promotion_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_participants_user_idx" ON "campaign_participants" USING btree ("user_id","joined_at");--> statement-breakpoint
CREATE INDEX "coupon_block_savings_account_idx" ON "coupon_block_savings" USING btree ("account_id","coin","day");--> statement-breakpoint
CREATE INDEX "coupon_block_savings_coupon_idx" ON "coupon_block_savings" USING btree ("coupon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "red_packets_request_key_idx" ON "red_packets" USING btree ("funder","request_key");--> statement-breakpoint
CREATE INDEX "red_packets_created_by_idx" ON "red_packets" USING btree ("created_by","created_at");