-- Ledger entries and postings are append-only (SECURITY-CHECKLIST item 26): a correction is a
-- reversal posting, never an edit. The trigger raises, so an UPDATE or DELETE fails loudly
-- instead of being silently ignored as a DO INSTEAD NOTHING rule would.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- Postings in one call (modules/wallet/ledger.ts checks each one's shape and that it balances
-- first, and batches the postings that concurrent requests make outside a transaction). A
-- function, so its statements are planned once per connection and a batch is one round trip and
-- one commit. Each posting runs in its own block: one refused does not refuse the others.
--   p_postings: [{"k": key, "h": request hash, "t": business type, "r": reference, "m": memo,
--                 "at": time, "e": [{"h","c","b","a"}] entries, "d": [{"h","c","a","f","l"}]
--                 balance changes per (holder, coin), sorted by holder and coin}]
-- Returns per posting (in order): its id and 'ok'; the existing id, 'replay' and the first
-- request's hash; or NULL and 'insufficient' when a user balance would go below zero.
CREATE FUNCTION ledger_post_batch(p_postings jsonb)
RETURNS TABLE (n integer, posting_id bigint, outcome text, request_hash text) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  p jsonb;
  v_id bigint;
  v_rows integer;
  v_hash text;
  d record;
BEGIN
  -- Every balance the batch touches is locked first, in one global (holder, coin) order, so
  -- two batches running at once wait for each other instead of deadlocking. (Settlement-sized
  -- batches skip it: they run rarely and a deadlock only makes the caller retry.)
  IF (SELECT count(*) FROM jsonb_array_elements(p_postings) x, jsonb_array_elements(x->'d')) <= 2000 THEN
    FOR d IN SELECT DISTINCT y->>'h' AS h, y->>'c' AS c FROM jsonb_array_elements(p_postings) x, jsonb_array_elements(x->'d') y ORDER BY 1, 2 LOOP
      PERFORM 1 FROM ledger_balances lb WHERE lb.holder = d.h AND lb.coin = d.c FOR UPDATE;
    END LOOP;
  END IF;
  n := 0;
  FOR p IN SELECT * FROM jsonb_array_elements(p_postings) LOOP
    n := n + 1;
    BEGIN
      INSERT INTO ledger_postings (idempotency_key, request_hash, business_type, reference, memo, created_at)
      VALUES (p->>'k', p->>'h', p->>'t', p->>'r', p->'m', (p->>'at')::timestamptz)
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id INTO v_id;
      IF v_id IS NULL THEN
        SELECT lp.id, lp.request_hash INTO v_id, v_hash FROM ledger_postings lp WHERE lp.idempotency_key = p->>'k';
        posting_id := v_id; outcome := 'replay'; request_hash := v_hash;
        RETURN NEXT;
        CONTINUE;
      END IF;
      INSERT INTO ledger_entries (posting_id, holder, coin, bucket, amount)
      SELECT v_id, x.h, x.c, x.b, x.a FROM jsonb_to_recordset(p->'e') AS x(h text, c text, b text, a numeric);
      IF jsonb_array_length(p->'d') <= 16 THEN
        -- A few balances (transfers, withdrawals): one by one by primary key, in the sorted
        -- order of "d", which is the lock order. A debit below zero violates the CHECK.
        FOR d IN SELECT * FROM jsonb_to_recordset(p->'d') AS x(h text, c text, a numeric, f numeric, l numeric) LOOP
          UPDATE ledger_balances lb
             SET available = lb.available + d.a, frozen = lb.frozen + d.f, locked = lb.locked + d.l, updated_at = (p->>'at')::timestamptz
           WHERE lb.holder = d.h AND lb.coin = d.c;
          IF NOT FOUND THEN
            -- First money of a holder in a coin (a debit here is below zero and fails the CHECK).
            INSERT INTO ledger_balances AS lb (holder, coin, available, frozen, locked, updated_at)
            VALUES (d.h, d.c, d.a, d.f, d.l, (p->>'at')::timestamptz)
            ON CONFLICT (holder, coin) DO UPDATE
              SET available = lb.available + excluded.available, frozen = lb.frozen + excluded.frozen,
                  locked = lb.locked + excluded.locked, updated_at = excluded.updated_at;
          END IF;
        END LOOP;
      ELSIF NOT EXISTS (SELECT 1 FROM jsonb_to_recordset(p->'d') AS x(h text, a numeric, f numeric, l numeric)
                         WHERE x.h NOT LIKE 'sys:%' AND (x.a < 0 OR x.f < 0 OR x.l < 0)) THEN
        -- Many balances, users only credited (settlement): one upsert. The proposed rows pass the
        -- CHECK (user amounts are not negative, system accounts are exempt).
        INSERT INTO ledger_balances AS lb (holder, coin, available, frozen, locked, updated_at)
        SELECT x.h, x.c, x.a, x.f, x.l, (p->>'at')::timestamptz
          FROM jsonb_to_recordset(p->'d') AS x(h text, c text, a numeric, f numeric, l numeric)
        ON CONFLICT (holder, coin) DO UPDATE
          SET available = lb.available + excluded.available, frozen = lb.frozen + excluded.frozen,
              locked = lb.locked + excluded.locked, updated_at = excluded.updated_at;
      ELSE
        -- Many balances with debits: set-based, existing rows first, then the new ones.
        UPDATE ledger_balances lb
           SET available = lb.available + x.a, frozen = lb.frozen + x.f, locked = lb.locked + x.l, updated_at = (p->>'at')::timestamptz
          FROM jsonb_to_recordset(p->'d') AS x(h text, c text, a numeric, f numeric, l numeric)
         WHERE lb.holder = x.h AND lb.coin = x.c;
        GET DIAGNOSTICS v_rows = ROW_COUNT;
        IF v_rows < jsonb_array_length(p->'d') THEN
          -- Not an upsert for all rows: PostgreSQL checks the proposed row of INSERT ... ON
          -- CONFLICT against the CHECK before the conflict, so a debit of an existing balance
          -- would fail as if the balance were new.
          INSERT INTO ledger_balances AS lb (holder, coin, available, frozen, locked, updated_at)
          SELECT x.h, x.c, x.a, x.f, x.l, (p->>'at')::timestamptz
            FROM jsonb_to_recordset(p->'d') AS x(h text, c text, a numeric, f numeric, l numeric)
           WHERE NOT EXISTS (SELECT 1 FROM ledger_balances b WHERE b.holder = x.h AND b.coin = x.c)
           ORDER BY x.h, x.c
          ON CONFLICT (holder, coin) DO UPDATE
            SET available = lb.available + excluded.available, frozen = lb.frozen + excluded.frozen,
                locked = lb.locked + excluded.locked, updated_at = excluded.updated_at;
        END IF;
      END IF;
      posting_id := v_id; outcome := 'ok'; request_hash := NULL;
      RETURN NEXT;
    EXCEPTION WHEN check_violation THEN
      -- Only the balances CHECK can fail here (entries are checked before the call).
      posting_id := NULL; outcome := 'insufficient'; request_hash := NULL;
      RETURN NEXT;
    END;
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Balances change on every posting: room on each page lets PostgreSQL update them in place
-- (HOT: no new index entry, less bloat) instead of moving every new row version.
ALTER TABLE ledger_balances SET (fillfactor = 70);
