-- The minute job's pass subtracts every worker's 10-minute point leaving its 24-hour window. With the
-- index by time alone, the planner hashed that point's million rows (and, guessing a tenth of them,
-- spilled the hash to disk); by time then worker, the rows of one time come in worker order and
-- are merged with the workers (worker-windows.repository.ts). The index is built again once, which
-- takes a while on a large worker_history.
DROP INDEX "worker_history_points_idx";--> statement-breakpoint
CREATE INDEX "worker_history_points_idx" ON "worker_history" USING btree ("bucket","worker_id") WHERE "worker_history"."resolution" = 600;