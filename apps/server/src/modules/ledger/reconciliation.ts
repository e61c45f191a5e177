// Reconciliation (docs/security.md items 26, 27, 32): every posting sums to zero per
// coin, every cached balance equals the sum of its entries, and what the pool owes (minus what is
// already on its way out) equals what the chain adapter says it holds. Run after every
// integration test and daily by a job that alerts operators on any mismatch.
import { LedgerDecimal as Decimal } from './ledger';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { SYSTEM } from './ledger';

export interface ReconciliationReport {
  ok: boolean;
  checkedAt: string;
  postings: number;
  entries: number;
  /** Postings whose entries of a coin do not sum to zero. */
  unbalanced: Array<{ posting_id: number; coin: string; sum: string }>;
  /** Cached balances that differ from the sum of their entries. */
  balanceMismatches: Array<{ holder: string; coin: string; bucket: string; cached: string; entries: string }>;
  /** Per coin: custody the ledger expects vs what the chain adapter holds. */
  custody: Array<{ coin: string; expected: string; actual: string; ok: boolean }>;
}

/** The chain's side of the custody check; the wallet module gives it (wallet/custody.ts). */
export interface CustodySource {
  /** What the chain holds per coin (its own book, not the ledger's). */
  held(coins: string[]): Promise<Map<string, string>>;
  /**
   * Per coin, by how much the chain's holding differs from the ledger's while movements are under
   * way: what the chain holds that the ledger has not credited yet, less what has left the chain
   * but not the ledger yet. Coins without any are absent.
   */
  inTransit(db: DbOrTx): Promise<Map<string, string>>;
}

export async function reconcile(db: Db, custodyOf?: CustodySource, now = new Date()): Promise<ReconciliationReport> {
  const { postings, entries, unbalanced, balanceMismatches } = await ledgerChecks(db);
  const custody = custodyOf ? await custodyCheck(db, custodyOf) : [];
  return {
    ok: unbalanced.length === 0 && balanceMismatches.length === 0 && custody.every((c) => c.ok),
    checkedAt: now.toISOString(),
    postings,
    entries,
    unbalanced,
    balanceMismatches,
    custody,
  };
}

/** The ledger's own checks: every posting balances, every cached balance equals its entries. */
async function ledgerChecks(db: Db): Promise<Pick<ReconciliationReport, 'postings' | 'entries' | 'unbalanced' | 'balanceMismatches'>> {
  const [counts] = await queryRows<{ postings: string; entries: string }>(
    db,
    sql`select (select count(*) from ledger_postings)::text as postings, (select count(*) from ledger_entries)::text as entries`,
  );
  const unbalanced = await queryRows<{ posting_id: number; coin: string; sum: string }>(
    db,
    sql`select posting_id::int as posting_id, coin, sum(amount)::text as sum
          from ledger_entries group by posting_id, coin having sum(amount) <> 0 order by posting_id limit 100`,
  );
  const balanceMismatches = await queryRows<{ holder: string; coin: string; bucket: string; cached: string; entries: string }>(
    db,
    sql`with sums as (
          select holder, coin, bucket, sum(amount) as total from ledger_entries group by holder, coin, bucket
        ), cached as (
          select holder, coin, b.bucket, b.total
            from ledger_balances,
                 lateral (values ('available', available), ('frozen', frozen), ('locked', locked)) as b(bucket, total)
        )
        select coalesce(c.holder, s.holder) as holder, coalesce(c.coin, s.coin) as coin, coalesce(c.bucket, s.bucket) as bucket,
               coalesce(c.total, 0)::text as cached, coalesce(s.total, 0)::text as entries
          from cached c full join sums s on s.holder = c.holder and s.coin = c.coin and s.bucket = c.bucket
         where coalesce(c.total, 0) <> coalesce(s.total, 0)
         order by 1, 2, 3 limit 100`,
  );
  return { postings: Number(counts?.postings ?? 0), entries: Number(counts?.entries ?? 0), unbalanced, balanceMismatches };
}

/**
 * Custody per coin: what the ledger says the chain holds, corrected by what is under way, against
 * what the chain adapter holds. Run alone for a second look at a custody mismatch
 * (wallet-admin.service.ts): the ledger's checks read every entry.
 */
export async function custodyCheck(db: Db, custodyOf: CustodySource): Promise<ReconciliationReport['custody']> {
  // The chain account's balance is minus everything that came in from the chain net of what
  // went out, corrected by what is under way between the chain and the ledger: both read in one
  // snapshot, so that a deposit credited or a withdrawal settled meanwhile is counted once.
  const { ledger, inTransit } = await inTransaction(
    db,
    async (tx) => ({
      ledger: await queryRows<{ coin: string; held: string }>(tx, sql`select coin, (-(available + frozen + locked))::text as held from ledger_balances where holder = ${SYSTEM.chain}`),
      inTransit: await custodyOf.inTransit(tx),
    }),
    { isolation: 'repeatable read' },
  );
  const actual = await custodyOf.held(ledger.map((e) => e.coin));
  return ledger.map(({ coin, held }) => {
    const want = new Decimal(held).plus(inTransit.get(coin) ?? 0);
    const have = actual.get(coin) ?? '0';
    return { coin, expected: want.toFixed(), actual: new Decimal(have).toFixed(), ok: want.eq(have) };
  });
}
