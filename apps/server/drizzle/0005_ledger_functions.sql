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
-- One posting in one call (modules/wallet/ledger.ts checks the shape and that it balances first).
-- A function, so its statements are planned once per connection, and a posting is a single
-- round trip and, outside a caller's transaction, a single commit. Balance rows are created
-- with zeros, then locked in (holder, coin) order (no deadlock between opposite transfers), then
-- updated; the CHECK on ledger_balances refuses any user balance below zero. Returns the new
-- posting's id, or NULL when the idempotency key exists (the caller compares request hashes).
CREATE FUNCTION ledger_post(
  p_key text, p_hash text, p_type text, p_reference text, p_memo jsonb, p_now timestamptz,
  e_holder text[], e_coin text[], e_bucket text[], e_amount numeric[],
  d_holder text[], d_coin text[], d_available numeric[], d_frozen numeric[], d_locked numeric[]
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
BEGIN
  INSERT INTO ledger_postings (idempotency_key, request_hash, business_type, reference, memo, created_at)
  VALUES (p_key, p_hash, p_type, p_reference, p_memo, p_now)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO v_id;
  IF v_id IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO ledger_entries (posting_id, holder, coin, bucket, amount)
  SELECT v_id, x.holder, x.coin, x.bucket, x.amount FROM unnest(e_holder, e_coin, e_bucket, e_amount) AS x(holder, coin, bucket, amount);
  INSERT INTO ledger_balances (holder, coin, updated_at)
  SELECT x.holder, x.coin, p_now FROM unnest(d_holder, d_coin) WITH ORDINALITY AS x(holder, coin, n) ORDER BY x.n
  ON CONFLICT (holder, coin) DO NOTHING;
  PERFORM 1 FROM ledger_balances lb JOIN unnest(d_holder, d_coin) AS x(holder, coin) ON x.holder = lb.holder AND x.coin = lb.coin
   ORDER BY lb.holder, lb.coin FOR UPDATE OF lb;
  UPDATE ledger_balances lb
     SET available = lb.available + x.available, frozen = lb.frozen + x.frozen, locked = lb.locked + x.locked, updated_at = p_now
    FROM unnest(d_holder, d_coin, d_available, d_frozen, d_locked) AS x(holder, coin, available, frozen, locked)
   WHERE x.holder = lb.holder AND x.coin = lb.coin;
  RETURN v_id;
END;
$$;
