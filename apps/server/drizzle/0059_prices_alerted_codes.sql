-- The prices alerts remember which codes they named (prices.service.ts): a coin or currency going
-- stale that the last stale alert did not name alerts again, and a refused price jump is told once
-- per code until a price of it is taken.
ALTER TABLE "price_feed_state" ADD COLUMN "stale_alerted_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "price_feed_state" ADD COLUMN "jump_alerted_codes" text[] DEFAULT '{}'::text[] NOT NULL;