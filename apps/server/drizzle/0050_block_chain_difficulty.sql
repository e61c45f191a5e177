-- The block's network difficulty as the wallet node states it (pool unit): the PPLNS window is sized
-- by it rather than by the stratum's found event. Null for a check that gave none (older rows, the
-- simulated chain).
ALTER TABLE "block_chain_checks" ADD COLUMN "difficulty" double precision;