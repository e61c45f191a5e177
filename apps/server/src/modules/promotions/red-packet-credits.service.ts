// Red packet profit, credited day by day (docs/rules.md, Promotions): from the day after a share
// is received, for duration_days days, the gifted hashrate earns its FPPS value of each day at no
// fee, credited as "red packet profit" from the reserve (key redpacket:<packet>:<user>:<day>) while
// the budget lasts. Each credit is the day's exact value with the fraction the receipt's earlier
// days left (what it earned less what it was paid), cut to the coin's base unit by the one carry
// rule (creditWithCarry, through packetCredit), so no fraction is lost between days. When nobody
// can receive any more (no share left or past the deadline) and every receipt is credited through
// its last day, the packet ends: each receipt's last fraction (earned − paid) goes to its
// receiver's carried fraction of the coin (the earnings module's credit_remainders), paid with
// their next credit, and what is left of the budget after those fractions returns to its funder.
// The promotions job runs tick(); every step is idempotent (a day is recorded once per receipt, a
// packet ends once, its fractions handed over in the transaction that ends it).
import { addDays, coinBaseDecimals, utcDay } from '@hashpool/shared';
import type { Clock } from '../../platform/clock';
import type { Db, Tx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../platform/errors';
import type { Notifications } from '../../platform/notifications';
import type { EarningsApi } from '../earnings';
import { LedgerDecimal, post, postAll, SYSTEM, type PostingInput } from '../ledger';
import { packetCredit } from '../money';
import * as repo from './promotions.repository';
import { notifyPacket } from './red-packets.service';

/** Receipts credited per job pass (the rest next pass). */
const CREDIT_BATCH = 500;

export interface RedPacketCreditsDeps {
  earnings: Pick<EarningsApi['earnings'], 'fppsDayGross' | 'extendMarketData' | 'creditsWithRemainders'>;
  notifications: Pick<Notifications, 'post'>;
}

export class RedPacketCreditsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: RedPacketCreditsDeps,
    /** Receipts read per page (tests make it small). */
    private readonly batch = CREDIT_BATCH,
  ) {}

  /**
   * The end-to-end hook (E2E_HOOKS only, never in production): credits the receipts as if `days`
   * UTC days had passed, after adding the market days up to then (the earnings module's job does
   * that for real days). Nothing is posted that tick() would not post on that day.
   */
  async creditAhead(days: number): Promise<{ credited: number; ended: number }> {
    const at = new Date(this.clock.now().getTime() + days * 86_400_000);
    await this.deps.earnings.extendMarketData(utcDay(at));
    return this.tick(at);
  }

  /** Credits every receipt's days up to yesterday (UTC) and ends finished packets. */
  async tick(at: Date = this.clock.now()): Promise<{ credited: number; ended: number }> {
    const through = addDays(utcDay(at), -1);
    let credited = 0;
    // Every due receipt, page after page: receipts waiting for a day's market data (their coin's
    // day is late) stay due, and a fixed first page of them would keep all others from being
    // credited, and their packets from ending. A coin's day found missing is not asked again.
    const missing = new Set<string>();
    let after: repo.ReceiptCursor | undefined;
    for (;;) {
      const page = await repo.receiptsToCredit(this.db, through, this.batch, after);
      for (const { receipt, packet } of page) {
        let day = receipt.creditedThrough ? addDays(receipt.creditedThrough, 1) : receipt.startDay;
        const last = receipt.endDay < through ? receipt.endDay : through;
        while (day <= last && !missing.has(`${packet.coin}:${day}`)) {
          if (!(await this.creditDay(packet.id, receipt.userId, day))) {
            missing.add(`${packet.coin}:${day}`);
            break;
          }
          credited++;
          day = addDays(day, 1);
        }
      }
      if (page.length < this.batch) break;
      const { receivedAt, packetId, userId } = page[page.length - 1]!.receipt;
      after = { receivedAt, packetId, userId };
    }
    return { credited, ended: await this.endPackets() };
  }

  /** The receipt's profit of `day`; false when the day's market data is missing (tried again next pass). */
  async creditDay(packetId: string, userId: string, day: string): Promise<boolean> {
    const packet = await repo.findPacket(this.db, packetId);
    if (!packet) throw new AppError('red_packet_not_found');
    let value: string;
    try {
      value = await this.deps.earnings.fppsDayGross(packet.coin, day, packet.hashrate);
    } catch (error) {
      if (error instanceof AppError && error.key === 'market_data_not_found') return false;
      throw error;
    }
    const now = this.clock.now();
    await inTransaction(this.db, async (tx) => {
      const locked = await repo.lockPacket(tx, packetId);
      const receipt = await repo.receiptOf(tx, packetId, userId);
      if (!locked || locked.endedAt || !receipt) return;
      if (receipt.creditedThrough && receipt.creditedThrough >= day) return; // credited by another pass
      const { amount, earned, paid } = packetCredit(value, receipt, locked, coinBaseDecimals(packet.coin));
      if (!(await repo.recordCredit(tx, { packetId, userId, day, amount: amount.toFixed(), earned: earned.toFixed(), paid: paid.toFixed(), at: now }))) return;
      // The receipt's first credited day (its start day; days are credited in order, each once):
      // the gift has taken effect.
      if (!receipt.creditedThrough) await notifyPacket(this.deps.notifications, tx, userId, receipt.accountId, packet, 'active', now);
      if (amount.gt(0)) {
        await post(
          tx,
          {
            idempotencyKey: `redpacket:${packetId}:${userId}:${day}`,
            businessType: 'red_packet_profit',
            reference: `red_packet:${packetId}`,
            memo: { day, packet: packet.name },
            entries: [
              { holder: SYSTEM.promotions, coin: packet.coin, bucket: 'frozen', amount: amount.neg().toFixed() },
              { holder: receipt.accountId, coin: packet.coin, amount: amount.toFixed() },
            ],
          },
          now,
        );
        await repo.addPaid(tx, packetId, amount.toFixed());
      }
    });
    return true;
  }

  /**
   * Ends the packets nobody can receive any more and whose receipts are all credited: their
   * receivers' last fractions are handed to their carried fractions and the rest of the budget
   * returns to the funder (closeBooks), in the transaction that marks the packet ended, so once.
   */
  async endPackets(): Promise<number> {
    const now = this.clock.now();
    let ended = 0;
    for (const candidate of await repo.packetsToEnd(this.db, now)) {
      await inTransaction(this.db, async (tx) => {
        const packet = await repo.lockPacket(tx, candidate.id);
        if (!packet || !(await repo.markEnded(tx, packet.id, now))) return;
        // markEnded holds once, so each receiver hears of the end once and the books close once.
        const receipts = await repo.receiptsOfPacket(tx, packet.id);
        for (const receipt of receipts) await notifyPacket(this.deps.notifications, tx, receipt.userId, receipt.accountId, packet, 'ended', now);
        await this.closeBooks(tx, packet, receipts, now);
        ended++;
      });
    }
    return ended;
  }

  /**
   * An ended packet's money. What its reserve still holds is `left` = budget − paid − returned (a
   * cancellation's return is not returned twice), whole base units. Each receipt's last fraction,
   * earned − paid (below one base unit while anything is left: a day cut by the budget empties
   * it), is its receiver's, as far as `left` covers it in receiving order (the order the days were
   * credited in): it goes to the receiver's carried fraction of the coin (the earnings module's
   * creditsWithRemainders), and a unit it completes is credited now from the reserve (key
   * redpacket:<packet>:<user>:carry). The funder gets the rest, left − the fractions handed over:
   * a user's sub-account its whole base units with its own carried fraction (the same mechanism),
   * sys:promotions all of what the reserve still holds. The reserve gives up exactly `left`: the
   * part of it the carried fractions stand for (or a unit a carried fraction of another credit
   * completed, taken from it) moves between the reserve and sys:promotions' available balance,
   * the pool's, which pays the holders' carried fractions when they complete a unit. Runs in the
   * transaction that marks the packet ended.
   */
  private async closeBooks(tx: Tx, packet: repo.RedPacketRow, receipts: readonly repo.ReceiptRow[], now: Date): Promise<void> {
    const coin = packet.coin;
    const left = new LedgerDecimal(packet.budget).minus(packet.paid).minus(packet.returned);
    let uncovered = left;
    const fractions = receipts.map((r) => {
      const fraction = LedgerDecimal.max(0, LedgerDecimal.min(new LedgerDecimal(r.earned).minus(r.paid), uncovered));
      uncovered = uncovered.minus(fraction);
      return fraction;
    });
    const handed = fractions.reduce((sum, f) => sum.plus(f), new LedgerDecimal(0));
    const poolFunded = packet.funder.startsWith('sys:');
    const funderDue = left.minus(handed);
    const credits = await this.deps.earnings.creditsWithRemainders(
      tx,
      coin,
      [...receipts.map((r, i) => ({ holder: r.accountId, exact: fractions[i]! })), ...(poolFunded ? [] : [{ holder: packet.funder, exact: funderDue }])],
      now,
    );
    // Every posting of the close goes to the ledger as one batch (postAll): posted one by one, the
    // first would hold sys:promotions' balance while the next waited for a receiver's, whom
    // another transaction may hold while it waits for sys:promotions.
    const postings: PostingInput[] = [];
    let carriedUnits = new LedgerDecimal(0);
    for (const [i, receipt] of receipts.entries()) {
      const unit = credits[i]!;
      if (unit.isZero()) continue;
      carriedUnits = carriedUnits.plus(unit);
      postings.push({
        idempotencyKey: `redpacket:${packet.id}:${receipt.userId}:carry`,
        businessType: 'red_packet_profit',
        reference: `red_packet:${packet.id}`,
        memo: { packet: packet.name, fraction: fractions[i]!.toFixed() },
        entries: [
          { holder: SYSTEM.promotions, coin, bucket: 'frozen', amount: unit.neg().toFixed() },
          { holder: receipt.accountId, coin, amount: unit.toFixed() },
        ],
      });
    }
    // What the reserve gives up besides the carried units, to the funder and (a user's packet) the pool.
    const fromReserve = left.minus(carriedUnits);
    const toFunder = poolFunded ? fromReserve : credits[receipts.length]!;
    const toPool = fromReserve.minus(toFunder);
    const entries: PostingInput['entries'] = [
      { holder: SYSTEM.promotions, coin, bucket: 'frozen' as const, amount: fromReserve.neg().toFixed() },
      { holder: packet.funder, coin, amount: toFunder.toFixed() },
      { holder: SYSTEM.promotions, coin, amount: toPool.toFixed() },
    ].filter((e) => !new LedgerDecimal(e.amount).isZero());
    if (entries.length > 0) {
      postings.push({
        idempotencyKey: `redpacket-return:${packet.id}`,
        businessType: 'red_packet_return',
        reference: `red_packet:${packet.id}`,
        ...(handed.isZero() ? {} : { memo: { receivers_fractions: handed.toFixed() } }),
        entries,
      });
    }
    await postAll(tx, postings, now);
  }
}
