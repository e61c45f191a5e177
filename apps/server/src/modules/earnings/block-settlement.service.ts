// Block-based payments (the earnings issue): PPLNS, the fee part of PPS+ and SOLO are paid per pool
// block once it has matured (formulas.ts has the arithmetic, the profit page shows it):
//
// - A matured block's reward R enters the ledger (sys:chain -> sys:pool_revenue, "block reward")
//   as the chain adapter books the coinbase, so custody keeps matching the ledger.
// - Found by a sub-account on SOLO that day: the finder alone gets R x (1 - fee).
// - Otherwise the window: the pool's last N = PPLNS_WINDOW_FACTOR x D x k hashes of accepted work
//   before the block (D the block's difficulty), from the owners' history points, newest first.
//   The point the block fell in counts for the part of it before the block; the oldest point
//   counted counts in part so the window holds exactly N (or all the work there was, looking back
//   at most PPLNS_LOOKBACK_DAYS). Work of sub-accounts on SOLO is not in it. A sub-account on
//   PPLNS gets R x w / N x (1 - fee), on PPS+ (R - B) x w / N x (1 - fee); the parts of FPPS work
//   stay with the pool, which paid that work by expectation already.
// - An orphaned block pays nothing, and its reward never enters the ledger.
//
// The method of a sub-account is the one in force on the block's UTC day (methodOnDay), the fee
// rate that of the coin and method less any fee reduction of that day (the coupons' hook).
// Address-mode coins (address mining) pay every address in the window by PPLNS at the coin's
// PPLNS fee rate, into the address's wallet (address_wallets); the wallet job pays it out.
//
// Idempotent and resumable like the daily settlement: the payout rows of a block are computed once
// and written in one transaction with its block_settlements row; the reward and the credits are
// then posted from them with keys block-reward:<coin>:<block id> and
// block:<coin>:<block id>:<account>:<method>. A payout's `day` is the UTC day it was computed:
// the profits pages show it in that day's row and the invitation reward of that day counts it.
// Each payout is its exact share plus the payee's carried fraction, cut to the coin's base unit;
// the fraction the cut leaves is carried into the payee's next credit (remainders.ts), decided in
// the transaction that writes the payout rows, never kept by the pool.
import Decimal from 'decimal.js';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { COINS, DEFAULT_PAY_METHOD, findCoin, methodOnDay, PPLNS_WINDOW_FACTOR, utcDay, type PayMethod } from '@hashpool/shared';
import { queryRows, sqlArray, type Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { blocks } from '../mining/mining.tables';
import type { ChainAdapter } from '../wallet/chain';
import { LedgerDecimal, post, postCredits, SYSTEM } from '../wallet/ledger';
import { blockPayouts, blockSettlements, payMethods } from './earnings.tables';
import { addressWalletIds } from '../wallet/address-wallets';
import type { EarningsService } from './earnings.service';
import { DEFAULT_FEE_RATES } from './earnings.seed';
import { blockShareable, feeAfterReduction, soloShare, windowShare, type PoolBlock } from './formulas';
import { creditsWithRemainders } from './remainders';
import { miningProfit, type SettlementService } from './settlement.service';

/** How far back a window looks for work when the pool has less than N (history is hourly beyond a day, daily beyond 30). */
export const PPLNS_LOOKBACK_DAYS = 30;
/** The window is filled from the newest history first, in these stretches back from the block, so a busy pool reads little. */
const LOOKBACK_STEPS_MS = [86_400_000, 7 * 86_400_000, PPLNS_LOOKBACK_DAYS * 86_400_000];

const POST_CHUNK = 5_000;

type Block = typeof blocks.$inferSelect;

interface Payout {
  accountId: string;
  method: PayMethod;
  work: number;
  feeRate: string;
  gross: Decimal;
  /** After the fee, uncut; the credited amount is decided with the payee's carried fraction. */
  exact: Decimal;
}

/** One owner's counted work of the window and the method it is paid by. */
interface WindowCredit {
  owner: string;
  method: PayMethod;
  work: number;
}

export class BlockSettlementService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly earnings: EarningsService,
    private readonly chain: ChainAdapter,
    /** Its fee reduction hook is the one both kinds of payment use. */
    private readonly settlement: Pick<SettlementService, 'feeReduction'>,
  ) {}

  /**
   * Settles every matured or orphaned block of the account-mode coins not settled yet, oldest
   * first; a block whose day has no market data yet waits for it. Answers how many were settled.
   */
  async settleReady(): Promise<number> {
    const ready = await this.db
      .select()
      .from(blocks)
      .where(
        and(
          sql`${blocks.status} in ('confirmed', 'orphaned')`,
          sql`${blocks.coin} in (${sql.join(COINS.map((c) => sql`${c.code}`), sql`, `)})`,
          sql`not exists (select 1 from block_settlements s where s.block_id = ${blocks.id} and s.status = 'done')`,
        ),
      )
      .orderBy(asc(blocks.foundAt));
    let settled = 0;
    for (const block of ready) {
      try {
        await this.settleBlock(block);
        settled++;
      } catch (error) {
        if (!(error instanceof AppError && error.key === 'market_data_not_found')) throw error;
      }
    }
    return settled;
  }

  /** Settles one block. `stopAfterChunks` stops after that many credit calls, as a crash would (tests). */
  async settleBlock(block: Block, options: { stopAfterChunks?: number; chunkSize?: number } = {}): Promise<void> {
    let [run] = await this.db.select().from(blockSettlements).where(eq(blockSettlements.blockId, block.id));
    if (run?.status === 'done') return;
    if (!run) {
      await this.compute(block);
      [run] = await this.db.select().from(blockSettlements).where(eq(blockSettlements.blockId, block.id));
      if (run?.status === 'done') return; // orphaned: nothing to post
    }
    const now = this.clock.now();
    const reward = new Decimal(block.reward).toFixed();
    // The reward first: the credits below are paid out of it.
    await this.chain.coinbaseMatured(block.coin, block.hash, reward);
    await post(
      this.db,
      {
        idempotencyKey: `block-reward:${block.coin}:${block.id}`,
        businessType: 'block_reward',
        reference: `block:${block.coin}:${block.height}`,
        memo: { height: String(block.height), hash: block.hash },
        entries: [
          { holder: SYSTEM.chain, coin: block.coin, amount: `-${reward}` },
          { holder: SYSTEM.poolRevenue, coin: block.coin, amount: reward },
        ],
      },
      now,
    );
    const chunkSize = options.chunkSize ?? POST_CHUNK;
    let after = '00000000-0000-0000-0000-000000000000';
    for (let chunk = 0; ; chunk++) {
      if (options.stopAfterChunks !== undefined && chunk >= options.stopAfterChunks) throw new Error('block settlement stopped (test)');
      const rows = await this.db
        .select()
        .from(blockPayouts)
        .where(and(eq(blockPayouts.blockId, block.id), gt(blockPayouts.accountId, after), sql`${blockPayouts.amount} > 0`))
        .orderBy(asc(blockPayouts.accountId), asc(blockPayouts.method))
        .limit(chunkSize);
      if (rows.length === 0) break;
      await postCredits(
        this.db,
        rows.map((r) =>
          miningProfit(block.coin, r.accountId, r.amount, {
            key: `block:${block.coin}:${block.id}:${r.accountId}:${r.method}`,
            reference: `block:${block.coin}:${block.height}`,
            memo: { method: r.method, day: r.day, height: String(block.height) },
          }),
        ),
        now,
      );
      after = rows[rows.length - 1]!.accountId;
      if (rows.length < chunkSize) break;
    }
    await this.db.update(blockSettlements).set({ status: 'done', finishedAt: this.clock.now() }).where(eq(blockSettlements.blockId, block.id));
  }

  /** Computes the block's payouts and writes them with its settlement row, all or nothing. */
  private async compute(block: Block): Promise<void> {
    const now = this.clock.now();
    const base = { blockId: block.id, coin: block.coin, reward: block.reward, computedAt: now };
    if (block.status === 'orphaned') {
      await this.db
        .insert(blockSettlements)
        .values({ ...base, status: 'done', outcome: 'orphaned', paid: '0', remainder: '0', finishedAt: now })
        .onConflictDoNothing();
      return;
    }
    const day = utcDay(block.foundAt);
    const market = await this.earnings.marketDay(block.coin, day); // throws market_data_not_found: wait for it
    const info = findCoin(block.coin)!;
    const poolBlock: PoolBlock = { reward: block.reward, subsidy: market.blockSubsidy, status: 'confirmed', finder: block.finderOwner };
    const fees = (await this.earnings.feeRates([block.coin])).get(block.coin);
    const feeRates = async (ids: string[]) => {
      const reductions = await this.settlement.feeReduction(block.coin, day, ids);
      return (id: string, method: PayMethod) => feeAfterReduction(fees?.get(method) ?? DEFAULT_FEE_RATES[method], reductions.get(id) ?? 0).toFixed();
    };

    let payouts: Payout[];
    let outcome: 'paid' | 'solo';
    let windowTarget: number | null = null;
    let windowWork: number | null = null;
    if ((await this.methodOf(block.finderOwner, block.coin, day)) === 'solo') {
      outcome = 'solo';
      const feeRate = (await feeRates([block.finderOwner]))(block.finderOwner, 'solo');
      const share = soloShare(poolBlock, feeRate);
      payouts = [{ accountId: block.finderOwner, method: 'solo', work: 0, feeRate, gross: share.gross, exact: share.exact }];
    } else {
      outcome = 'paid';
      windowTarget = PPLNS_WINDOW_FACTOR * block.networkDifficulty * info.hashesPerDifficulty;
      const credits = await this.window(block, day, windowTarget, info.mode);
      const total = credits.reduce((sum, c) => sum.plus(c.work), new Decimal(0));
      windowWork = total.toNumber();
      const paidBy = credits.filter((c) => c.method === 'pplns' || c.method === 'pps_plus');
      const feeRate = await feeRates(paidBy.map((c) => c.owner));
      // Address mining: each address is paid into its wallet.
      const holders = info.mode === 'address' ? await addressWalletIds(this.db, block.coin, paidBy.map((c) => c.owner)) : null;
      payouts = total.isZero()
        ? []
        : paidBy.map((c) => {
            const rate = feeRate(c.owner, c.method);
            const share = windowShare(blockShareable(poolBlock, c.method === 'pplns' ? 'reward' : 'fees'), c.work, total, rate);
            return { accountId: holders?.get(c.owner) ?? c.owner, method: c.method, work: c.work, feeRate: rate, gross: share.gross, exact: share.exact };
          });
    }
    const payoutDay = utcDay(now);

    await inTransaction(this.db, async (tx) => {
      const inserted = await tx
        .insert(blockSettlements)
        .values({ ...base, status: 'computed', outcome, subsidy: market.blockSubsidy, windowTarget, windowWork, paid: '0', remainder: '0' })
        .onConflictDoNothing()
        .returning({ id: blockSettlements.blockId });
      if (inserted.length === 0 || payouts.length === 0) return; // computed meanwhile by another instance: its rows stand
      // Whole base units, each payee's fraction carried: decided here, with the rows, once.
      const credits = await creditsWithRemainders(tx, block.coin, payouts.map((p) => ({ holder: p.accountId, exact: p.exact })), now);
      const paid = credits.reduce((sum, c) => sum.plus(c), new LedgerDecimal(0));
      const exact = payouts.reduce((sum, p) => sum.plus(p.exact), new LedgerDecimal(0));
      await tx.update(blockSettlements).set({ paid: paid.toFixed(), remainder: exact.minus(paid).toFixed() }).where(eq(blockSettlements.blockId, block.id));
      for (let i = 0; i < payouts.length; i += POST_CHUNK) {
        const part = payouts.slice(i, i + POST_CHUNK);
        const amounts = credits.slice(i, i + POST_CHUNK);
        await tx.execute(sql`insert into block_payouts (block_id, account_id, coin, day, method, work, fee_rate, gross, amount)
          select ${block.id}, a, ${block.coin}, ${payoutDay}::date, m, w, f, g, n
            from unnest(${sqlArray(part.map((p) => p.accountId))}::uuid[], ${sqlArray(part.map((p) => p.method))}::text[], ${sqlArray(part.map((p) => p.work))}::float8[],
                        ${sqlArray(part.map((p) => p.feeRate))}::numeric[], ${sqlArray(part.map((p) => p.gross.toFixed()))}::numeric[], ${sqlArray(amounts.map((a) => a.toFixed()))}::numeric[]) as t(a, m, w, f, g, n)`);
      }
    });
  }

  /** The method that pays `owner`'s work of `day` (an address, not a sub-account, has none here). */
  private async methodOf(owner: string, coin: string, day: string): Promise<PayMethod | null> {
    if (!/^[0-9a-f-]{36}$/.test(owner)) return null;
    const [state] = await this.db.select().from(payMethods).where(and(eq(payMethods.accountId, owner), eq(payMethods.coin, coin)));
    return methodOnDay(state ? { method: state.method as PayMethod, previousMethod: (state.previousMethod as PayMethod | null) ?? null, effectiveFrom: state.effectiveFrom } : null, day);
  }

  /**
   * The window's work per sub-account (not on SOLO), newest history first: a stretch at a time
   * (LOOKBACK_STEPS_MS) until `target` hashes are counted. Within a stretch one statement ranks the
   * points by time, takes whole points while the running sum stays within what is left to fill,
   * and the point that crosses it in the part that fills it exactly.
   */
  private async window(block: Block, day: string, target: number, mode: 'account' | 'address'): Promise<WindowCredit[]> {
    const credits = new Map<string, WindowCredit>();
    let left = target;
    let to = block.foundAt.getTime();
    const foundAt = block.foundAt.toISOString();
    for (const step of LOOKBACK_STEPS_MS) {
      const from = block.foundAt.getTime() - step;
      if (from >= to) continue;
      const rows = await queryRows<{ owner: string; method: PayMethod; work: number; stretch: number }>(
        this.db,
        sql`with eligible as (${
          mode === 'address'
            ? sql`
              select h.owner, h.bucket, 'pplns' as method,
                     h.accepted_work * least(1, extract(epoch from (${foundAt}::timestamptz - h.bucket))::float8 / h.resolution) as work
                from owner_history h
               where h.coin = ${block.coin} and h.bucket >= ${new Date(from).toISOString()}::timestamptz and h.bucket < ${new Date(to).toISOString()}::timestamptz
                 and h.accepted_work > 0`
            : sql`
              select h.owner, h.bucket,
                     case when pm.account_id is null then ${DEFAULT_PAY_METHOD}
                          when pm.effective_from is null or ${day}::date >= pm.effective_from then pm.method
                          else coalesce(pm.previous_method, ${DEFAULT_PAY_METHOD}) end as method,
                     -- the point the block fell in counts for its part before the block
                     h.accepted_work * least(1, extract(epoch from (${foundAt}::timestamptz - h.bucket))::float8 / h.resolution) as work
                from owner_history h
                join mining_accounts m on m.id::text = h.owner
                left join pay_methods pm on pm.account_id = m.id and pm.coin = h.coin
               where h.coin = ${block.coin} and h.bucket >= ${new Date(from).toISOString()}::timestamptz and h.bucket < ${new Date(to).toISOString()}::timestamptz
                 and h.accepted_work > 0`
        }), kept as (
              select * from eligible where method <> 'solo'
            ), points as (
              select bucket, sum(work) as total, sum(sum(work)) over (order by bucket desc) as upto from kept group by bucket
            ), counted as (
              select bucket, case when upto <= ${left}::float8 then 1 else (${left}::float8 - (upto - total)) / total end as part
                from points where upto - total < ${left}::float8
            )
            select k.owner, k.method, sum(k.work * c.part)::float8 as work, (select coalesce(sum(total), 0) from points)::float8 as stretch
              from kept k join counted c using (bucket)
             group by k.owner, k.method`,
      );
      for (const r of rows) {
        const known = credits.get(r.owner);
        if (known) known.work += r.work;
        else credits.set(r.owner, { owner: r.owner, method: r.method, work: r.work });
      }
      const stretch = rows[0]?.stretch ?? 0;
      if (stretch >= left) break;
      left -= stretch;
      to = from;
    }
    return [...credits.values()];
  }
}

