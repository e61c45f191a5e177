ALTER TABLE "wallet_coin_limits" ADD COLUMN "adjustment_cap" numeric(38, 18);--> statement-breakpoint
-- Four-eyes by default (issue 27): coins set up before had none; their review threshold becomes it.
UPDATE "wallet_coin_limits" SET "four_eyes_threshold" = "audit_threshold" WHERE "four_eyes_threshold" IS NULL;
