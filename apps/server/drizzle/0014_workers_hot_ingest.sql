-- Ingestion moves each worker's last share time and counters forward on every flush. Without an
-- index on last_share_at and with room left on each page, that update stays on the page (HOT) and
-- writes no index entry. bench:ingest: the workers upsert of a 10,000-worker flush went from about
-- 155 ms to 80 ms; bench:workers' list p99 stayed under its 50 ms goal without the index.
DROP INDEX "workers_account_last_share_idx";--> statement-breakpoint
ALTER TABLE "workers" SET (fillfactor = 80);
