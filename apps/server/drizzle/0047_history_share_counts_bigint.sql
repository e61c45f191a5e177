-- An owner's and the pool's points count shares in bigint: a day of a million workers at a share
-- every 10 s is 8.6 billion shares, past an integer, and rolling a day's hourly points into one
-- failed ("integer out of range"). One ALTER per table, so each is rewritten once.
ALTER TABLE "owner_history" ALTER COLUMN "accepted" SET DATA TYPE bigint, ALTER COLUMN "rejected" SET DATA TYPE bigint, ALTER COLUMN "stale" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "pool_history" ALTER COLUMN "accepted" SET DATA TYPE bigint, ALTER COLUMN "rejected" SET DATA TYPE bigint, ALTER COLUMN "stale" SET DATA TYPE bigint;
