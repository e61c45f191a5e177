-- Workers' windows move forward by the minutes that entered and left them (worker-windows.repository.ts):
-- their sums live on the worker row, minute buckets carry their newest share, late minutes wait in
-- share_minutes_late, and ingest_watermark holds the barrier and where the windows end (null here:
-- the first pass recomputes them). worker_counts keeps the worker list's totals (filled below);
-- worker_orders its orders for big sub-accounts, read in slices (so stored uncompressed); a
-- trigram index serves the name search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "share_minutes_late" (
	"worker_id" bigint NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"accepted_work" double precision DEFAULT 0 NOT NULL,
	"rejected_work" double precision DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"stale" integer DEFAULT 0 NOT NULL,
	"last_at" double precision,
	"last_ip" text
);
--> statement-breakpoint
CREATE TABLE "worker_counts" (
	"coin" text NOT NULL,
	"owner" text NOT NULL,
	"group_id" bigint DEFAULT 0 NOT NULL,
	"workers" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "worker_counts_coin_owner_group_id_pk" PRIMARY KEY("coin","owner","group_id")
);
--> statement-breakpoint
CREATE TABLE "worker_orders" (
	"coin" text NOT NULL,
	"owner" text NOT NULL,
	"sort" text NOT NULL,
	"ids" "bytea" NOT NULL,
	"workers" integer NOT NULL,
	CONSTRAINT "worker_orders_coin_owner_sort_pk" PRIMARY KEY("coin","owner","sort")
);
--> statement-breakpoint
DROP INDEX "workers_account_hashrate_idx";--> statement-breakpoint
ALTER TABLE "ingest_watermark" ADD COLUMN "windows_barrier" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ingest_watermark" ADD COLUMN "windows_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ingest_watermark" ADD COLUMN "workers_generation" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "share_minutes" ADD COLUMN "last_at" double precision;--> statement-breakpoint
ALTER TABLE "share_minutes" ADD COLUMN "last_ip" text;--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "work_15m" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "shares_15m" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "work_1h" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "shares_1h" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "work_24h" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "shares_24h" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "rejected_work_24h" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "rejected_24h" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "workers_name_trgm_idx" ON "workers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "worker_orders" ALTER COLUMN "ids" SET STORAGE EXTERNAL;--> statement-breakpoint
INSERT INTO "worker_counts" ("coin", "owner", "group_id", "workers")
  SELECT "coin", coalesce("account_id"::text, "address"), coalesce("group_id", 0), count(*) FROM "workers" GROUP BY 1, 2, 3;
