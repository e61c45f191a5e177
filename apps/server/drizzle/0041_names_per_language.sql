ALTER TABLE "coupon_campaigns" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "red_packets" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_products" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;