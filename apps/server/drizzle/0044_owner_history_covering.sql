-- An owner's history read from its index alone. The dashboards' reads of one owner (the hashrate
-- chart, the profits' work per day) want a range of its points' work; the primary key finds them,
-- but the points of one owner were written minute after minute among every other owner's, so each
-- point sat on a page of its own: 144 heap pages for a day of 10-minute points, about 1,000 for 30
-- days of hourly ones. With the work in the key's leaf entries (INCLUDE) those reads are index-only
-- scans of a few pages (bench:address: the chart and profits calls' p99 down by a quarter to a third).
-- The cost: an upsert of the current point changes an included column, so it is never a heap-only
-- update and writes a new entry into both indexes of the table. Few were heap-only before, as the
-- points' pages are full: ten upserts of 10,000 owners' current points into 1.44 million points,
-- alternating, took a median 251 ms a statement without the INCLUDE (627 of 100,000 updates
-- heap-only) and 245 ms with it.
-- Index-only scans skip the heap only on pages the visibility map marks all-visible, which VACUUM
-- does: autovacuum visits this table after 2 % new rows instead of PostgreSQL's default 20 %, so a
-- day's new points are marked within hours.
-- Rebuilding the key locks the table: about 3.5 s per 1.5 million points on the development machine.
ALTER TABLE "owner_history" DROP CONSTRAINT "owner_history_coin_owner_resolution_bucket_pk";--> statement-breakpoint
ALTER TABLE "owner_history" ADD CONSTRAINT "owner_history_coin_owner_resolution_bucket_pk" PRIMARY KEY ("coin", "owner", "resolution", "bucket") INCLUDE ("accepted_work", "rejected_work");--> statement-breakpoint
ALTER TABLE "owner_history" SET (autovacuum_vacuum_insert_scale_factor = 0.02);
