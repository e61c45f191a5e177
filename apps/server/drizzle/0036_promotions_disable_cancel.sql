ALTER TABLE "coupon_campaigns" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupon_campaigns" ADD COLUMN "disabled_by" uuid;--> statement-breakpoint
ALTER TABLE "red_packets" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "red_packets" ADD COLUMN "cancelled_by" uuid;--> statement-breakpoint
ALTER TABLE "red_packets" ADD COLUMN "returned" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_campaigns" ADD CONSTRAINT "coupon_campaigns_disabled_by_users_id_fk" FOREIGN KEY ("disabled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packets" ADD CONSTRAINT "red_packets_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packets" ADD CONSTRAINT "red_packets_returned_check" CHECK ("red_packets"."returned" >= 0 and "red_packets"."paid" + "red_packets"."returned" <= "red_packets"."budget");