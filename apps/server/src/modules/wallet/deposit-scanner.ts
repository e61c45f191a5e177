// Deposits as the chain shows them. Transfers to our addresses appear as confirming and are
// credited, once, when the network has confirmed them as often as the coin asks (Coin settings, 1
// by default). A transfer that a double spend replaced on the chain (the sender spent the same coins
// again and a reorganisation made that spend win) is gone once the double spend is
// CONFLICT_FINAL_DEPTH blocks deep: failed if it was never credited; if it was, reversed: taken back
// from the sub-account as far as its available balance reaches, and the operators are told what the
// pool lost. A later reorganisation can undo the double spend: a failed deposit then confirms anew
// (recordIncoming); a reversed one is told to the operators once. Every step is a conditional
// update on the deposit's status in the transaction of its posting, so each happens once,
// whatever runs twice.
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import type { Notifications } from '../../platform/notifications';
import type { AccountDirectory } from '../accounts';
import { balanceOf, LedgerDecimal as Decimal, movement, post, SYSTEM } from '../ledger';
import { ChainUnreachable, CONFLICT_FINAL_DEPTH, type ChainAdapter } from './chain';
import type { CoinLimits } from './coin-limits.service';
import * as repo from './wallet.repository';
import type { DepositRow } from './wallet.repository';

/**
 * A deposit the chain no longer lists is asked about only while its last known depth is below this:
 * deeper, no reorganisation will undo it, and a node whose wallet was replaced (which lists none of
 * the old deposits) is not asked about every deposit ever made at every pass.
 */
const UNLISTED_WATCH_DEPTH = 100;
/** At most this many unlisted deposits are asked about per coin and pass, in turn (least recently asked first). */
const UNLISTED_PER_PASS = 50;

export interface DepositScannerDeps {
  db: Db;
  clock: Clock;
  chain: ChainAdapter;
  limits: CoinLimits;
  accounts: Pick<AccountDirectory, 'operators' | 'namesByIds'>;
  notifications?: Pick<Notifications, 'alertOperators'>;
  /** Where a coin's node that failed a call, and a reversed deposit, are logged. */
  log?: { warn(details: object, message: string): void; error(details: object, message: string): void };
}

export class DepositScanner {
  constructor(private readonly d: DepositScannerDeps) {}

  /** Scans each coin's deposits; how many were credited. */
  async scan(coins: string[]): Promise<number> {
    let credited = 0;
    for (const coin of coins) {
      try {
        credited += await this.scanCoin(coin);
      } catch (error) {
        // One coin's node (down, refusing) must not keep the other coins' deposits from being credited.
        this.d.log?.warn({ err: error, coin }, 'wallet: the coin\'s deposits could not be scanned; they wait for the next pass');
      }
    }
    return credited;
  }

  /** One coin of scan(): how many of its deposits were credited. */
  private async scanCoin(coin: string): Promise<number> {
    const { db, clock } = this.d;
    const owned = await repo.depositAddressesOf(db, coin);
    if (owned.length === 0) return 0;
    const accountOf = new Map(owned.map((a) => [a.address, a.accountId]));
    const seen = await this.d.chain.incoming(coin, new Set(accountOf.keys()));
    const now = clock.now();
    const txids = seen.map((t) => t.txid);
    let credited = 0;
    if (seen.length > 0) {
      await repo.recordIncoming(db, seen.map((t) => ({ accountId: accountOf.get(t.address)!, coin, address: t.address, txid: t.txid, vout: t.vout, amount: t.amount, confirmations: t.confirmations, status: 'confirming', createdAt: now })));
      const ready = await repo.confirmedDeposits(db, coin, txids, (await this.d.limits.of(coin)).depositConfirmations);
      for (const d of ready) {
        await inTransaction(db, async (tx) => {
          if (!(await repo.markDepositCredited(tx, d.id, now))) return;
          const deposit = { idempotencyKey: `deposit:${coin}:${d.txid}:${d.vout}`, businessType: 'deposit', reference: `deposit:${d.id}` };
          await post(tx, movement({ ...deposit, coin, amount: d.amount, from: { holder: SYSTEM.chain }, to: { holder: d.accountId } }), now);
          credited++;
        });
      }
    }
    // After the crediting: nothing about a deposit gone from the chain holds up the others'.
    await this.settleUnlisted(coin, txids);
    if (seen.length > 0) await this.tellRelisted(coin, txids);
    return credited;
  }

  /**
   * A reversed deposit confirmed on the chain again (a later reorganisation undid the double
   * spend): the pool holds its coins once more. What the reversal took back is not given back on
   * its own (a third reorganisation could take it away again); the operators are told, once, to
   * give it back with an adjustment.
   */
  private async tellRelisted(coin: string, txids: string[]): Promise<void> {
    const relisted = await repo.relistedReversed(this.d.db, coin, txids);
    if (relisted.length === 0) return;
    const operators = await this.d.accounts.operators(['finance']);
    for (const d of relisted) {
      await inTransaction(this.d.db, async (tx) => {
        if (!(await repo.markDepositRelisted(tx, d.id, this.d.clock.now()))) return;
        const account = (await this.d.accounts.namesByIds([d.accountId], tx)).get(d.accountId) ?? d.accountId;
        const taken = new Decimal(d.amount).minus(d.unrecovered ?? 0).toFixed();
        const params = { alert: 'deposit_relisted', coin: d.coin.toUpperCase(), amount: new Decimal(d.amount).toFixed(), account, txid: d.txid, taken };
        await this.d.notifications?.alertOperators(operators, params, tx);
      });
    }
  }

  /**
   * Deposits the chain no longer lists: a node's wallet drops a received transfer from its list
   * once a double spend replaced it. Each is asked for its depth; replaced CONFLICT_FINAL_DEPTH
   * deep, it is failed (never credited) or reversed.
   */
  private async settleUnlisted(coin: string, listed: string[]): Promise<void> {
    const unlisted = await repo.unlistedDeposits(this.d.db, coin, listed, UNLISTED_WATCH_DEPTH, UNLISTED_PER_PASS);
    const depths = new Map<string, number | null>();
    for (const d of unlisted) {
      try {
        if (!depths.has(d.txid)) {
          const depth = await this.d.chain.incomingDepth(coin, d.txid);
          depths.set(d.txid, depth);
          await repo.markDepositsChecked(this.d.db, coin, d.txid, this.d.clock.now(), depth);
        }
        const depth = depths.get(d.txid);
        if (depth === null || depth === undefined || depth > -CONFLICT_FINAL_DEPTH) continue;
        if (d.status === 'confirming') await repo.markDepositFailed(this.d.db, d.id);
        else await this.reverse(d, -depth);
      } catch (error) {
        // A node that stopped answering: the rest wait for the next pass (each would time out).
        if (error instanceof ChainUnreachable) throw error;
        // Each on its own: a node that cannot answer for one, or a balance that moved while it was
        // being reversed, is tried again in its turn without holding up the others.
        await repo.markDepositsChecked(this.d.db, coin, d.txid, this.d.clock.now(), null).catch(() => undefined);
        this.d.log?.warn({ err: error, coin, deposit: d.id, txid: d.txid }, 'wallet: a deposit the chain no longer lists could not be settled; it is tried again at the next pass');
      }
    }
  }

  /**
   * A credited deposit whose transaction is gone: its amount leaves the sub-account's available
   * balance back to the chain account, up to what is available (the ledger keeps no balance below
   * zero; what was withdrawn or moved on already is the pool's loss, which custody shows). Frozen
   * funds (a withdrawal under way) and locked ones (staking) are not the ledger's to take: the
   * operators are told what the sub-account holds there, to stop or recover it themselves.
   */
  private async reverse(d: DepositRow, depth: number): Promise<void> {
    const { db, clock } = this.d;
    const now = clock.now();
    // Read before the transaction: on the embedded database a read outside it waits for it to end.
    const operators = await this.d.accounts.operators(['finance']);
    const outcome = await inTransaction(db, async (tx) => {
      if (!(await repo.markDepositReversed(tx, d.id, now))) return undefined;
      // The status update holds the deposit's row; the posting below fails (and the whole reversal
      // is tried again in its turn, settleUnlisted) if a withdrawal took the balance in between.
      const amount = new Decimal(d.amount);
      const balance = await balanceOf(tx, d.accountId, d.coin);
      const available = new Decimal(balance.available);
      const taken = Decimal.max(0, Decimal.min(amount, available));
      if (taken.gt(0)) {
        const key = `deposit-reversal:${d.coin}:${d.txid}:${d.vout}`;
        await post(tx, movement({ idempotencyKey: key, businessType: 'deposit_reversal', reference: `deposit:${d.id}`, coin: d.coin, amount: taken.toFixed(), from: { holder: d.accountId }, to: { holder: SYSTEM.chain } }), now);
      }
      const unrecovered = amount.minus(taken);
      await repo.setDepositUnrecovered(tx, d.id, unrecovered.toFixed());
      const account = (await this.d.accounts.namesByIds([d.accountId], tx)).get(d.accountId) ?? d.accountId;
      const params = { alert: 'deposit_reversed', coin: d.coin.toUpperCase(), amount: amount.toFixed(), account, txid: d.txid, depth: String(depth), taken: taken.toFixed(), unrecovered: unrecovered.toFixed(), frozen: new Decimal(balance.frozen).toFixed(), locked: new Decimal(balance.locked).toFixed() };
      await this.d.notifications?.alertOperators(operators, params, tx);
      return params;
    });
    if (outcome) this.d.log?.error(outcome, 'wallet: a credited deposit was replaced on the chain by a double spend and reversed');
  }
}
