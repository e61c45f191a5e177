-- Every worker's 10-minute points of one time. The minute job's pass subtracts the point leaving
-- the 24-hour window (worker-windows.repository.ts); without this index it read the whole table to
-- find it, on every pass (also the nine of ten whose range is empty). bench:workers at a million
-- workers with a day of points: that read took 2.4-3.5 s of the windows' step, 0.5-1 s with the index.
CREATE INDEX "worker_history_points_idx" ON "worker_history" USING btree ("bucket") WHERE "worker_history"."resolution" = 600;