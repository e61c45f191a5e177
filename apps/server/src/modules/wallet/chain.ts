// The chain adapter: where deposits come from and withdrawals go (docs/operator-guide.md, section 12).
// `simulated` (the default) keeps its own book in sim_chain_txs: a deposit address per account
// and coin, incoming transfers that a test, the demo or an operator injects, and outgoing
// transfers that confirm after a delay or are dropped when told to fail. `jsonrpc` talks to a
// bitcoind-style wallet node (getnewaddress, sendtoaddress, gettransaction, listsinceblock,
// getbalance) for real coins.
import { createHmac, randomBytes } from 'node:crypto';
import { LedgerDecimal as Decimal } from '../ledger';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { nodeRpc, NodeRpcError } from '../../platform/node-rpc';
import { simChainTxs } from './wallet.tables';
import type { BlockHoldReason } from '@hashpool/shared';

export interface IncomingTransfer {
  txid: string;
  vout: number;
  address: string;
  amount: string;
  /** Negative: a transaction that conflicts with it (a double spend) is that many blocks deep. */
  confirmations: number;
}

/**
 * How deep a transaction that conflicts with ours (a double spend, or the payment sent again) must
 * be before ours counts as gone for good: a payment as dropped, a deposit as failed or reversed. A
 * shallower conflict a reorganisation can still undo.
 */
export const CONFLICT_FINAL_DEPTH = 6;

/**
 * What became of a broadcast payment. `networkFee`: what the chain charged on top of the amount
 * (a real node's wallet pays it from the pool's funds), when the adapter knows it. `txid`: the
 * transaction that now carries the payment, when it is not the one sent (the operator bumped its
 * fee on the node, which replaces the transaction).
 */
export type SendOutcome =
  | { state: 'pending'; networkFee?: string; txid?: string }
  | { state: 'confirmed'; networkFee?: string; txid?: string }
  | { state: 'dropped'; reason: string };

/**
 * The node answered a send with a refusal (bad address, funds, fee …): nothing was sent, so the
 * withdrawal may fail and its funds return. Any other error of a send (no answer, a time-out, a
 * broken connection) leaves its outcome unknown: the payment may have gone out.
 */
export class ChainRefusal extends Error {
  constructor(
    message: string,
    /** The node's JSON-RPC error code, when the node refused. */
    readonly code?: number,
  ) {
    super(message);
    this.name = 'ChainRefusal';
  }
}

/**
 * The chain's node gave no answer (not reached, too slow, not JSON-RPC): the call's outcome is
 * unknown. A chain adapter throws it for its node only, never for a database error of its own.
 */
export { NodeUnreachable as ChainUnreachable } from '../../platform/node-rpc';

/**
 * The node answered, but whether an earlier send went out cannot be told (findSent read its most
 * entries without reaching the send's start): that withdrawal waits; the node is not down.
 */
export class SendOutcomeUnknown extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SendOutcomeUnknown';
  }
}

/** A matured pool block as the pool recorded it from the stratum's `found` event. */
export interface PoolBlockClaim {
  hash: string;
  height: number;
  /** The reward the event named, in coins. */
  reward: string;
}

/**
 * What the chain says of a matured pool block before its reward enters the ledger: it checks out,
 * the pool's wallet cannot spend its coinbase yet (wait), or it is held for the operator (`detail`
 * in English for the log): nothing is paid for a held block.
 */
export type CoinbaseCheck =
  /**
   * `nodeDifficulty`: the block's difficulty as the node states it (Bitcoin's difficulty 1 = 2^32
   * hashes), where the chain has one. `time`: the block's header time as the node states it
   * (getblock `time`), where the chain has one: the earnings module compares it with the time the
   * `found` event gave (block-settlement.service.ts, chainVerdict).
   */
  | { state: 'ok'; nodeDifficulty?: number; time?: Date }
  | { state: 'immature'; time?: Date }
  | { state: 'held'; reason: BlockHoldReason; detail: string };

export interface ChainAdapter {
  readonly kind: string;
  /** A new deposit address for (account, coin); called once, the wallet stores it. */
  depositAddress(coin: string, accountId: string): Promise<string>;
  /**
   * Transfers to any of our addresses with their confirmations. As a node's wallet lists them:
   * not those a double spend replaced on the chain (incomingDepth tells of those).
   */
  incoming(coin: string, addresses: ReadonlySet<string>): Promise<IncomingTransfer[]>;
  /**
   * The confirmations of a transfer to us that incoming() no longer lists: negative when a double
   * spend replaced it (that transaction's depth); null when the chain does not know it.
   */
  incomingDepth(coin: string, txid: string): Promise<number | null>;
  /**
   * Broadcasts a payment tagged with `reference` (the withdrawal id); returns its txid. Throws
   * ChainRefusal when the node refused it (nothing sent); any other error means the outcome is
   * unknown.
   */
  send(coin: string, address: string, amount: string, reference: string): Promise<string>;
  /**
   * The txid of a payment sent earlier with `reference`, or null when the chain's wallet has none;
   * `since`: when that send started (the wallet's entries from then on are read).
   */
  findSent(coin: string, reference: string, since: Date): Promise<string | null>;
  /**
   * Whether the chain's node is working on a send right now (one whose caller gave up may still
   * be queued behind a node that is catching up): a lost send is not sent again meanwhile.
   */
  sendInProgress(coin: string): Promise<boolean>;
  /** What became of a broadcast payment. */
  outcome(coin: string, txid: string): Promise<SendOutcome>;
  /** What the pool's wallet holds per coin, from the chain's point of view. */
  custody(coins: string[]): Promise<Map<string, string>>;
  /**
   * A pool block's reward has matured into the pool's wallet. A real node's wallet already holds
   * its coinbase; the simulated chain books it (once per block), so custody keeps matching the
   * ledger, which books the reward at the same moment (block-settlement.service.ts).
   */
  coinbaseMatured(coin: string, blockHash: string, amount: string): Promise<void>;
  /**
   * Checks a matured pool block against the chain before its reward enters the ledger: the pool
   * trusts a stratum's `found` event for its finder and difficulty, but the money only as the
   * chain shows it (in the main chain at its height, its coinbase paying the pool's wallet exactly
   * the reward), and tells the block's time on the chain where it has one (the event's time sets
   * the block's PPLNS window and day). Reads only; throws when the chain cannot be asked.
   */
  checkCoinbase(coin: string, block: PoolBlockClaim): Promise<CoinbaseCheck>;
}

/** bitcoind's RPC error codes: not found (a block, a wallet transaction); a parameter that cannot be valid. */
const RPC_NOT_FOUND = -5;
const RPC_INVALID_PARAMETER = -8;

/** Blocks of the simulated chain: one a minute. */
const heightAt = (date: Date) => Math.floor(date.getTime() / 60_000);

/** Where the simulated chain books the pool's own block rewards (never a user's deposit address). */
export const SIM_COINBASE_ADDRESS = 'sim-pool-coinbase';

/** A payment from outside arriving in the simulated chain's book (deposits, demo block rewards). */
export async function simulatedIncoming(db: Db, at: Date, coin: string, address: string, amount: string): Promise<string> {
  const txid = randomBytes(32).toString('hex');
  await db.insert(simChainTxs).values({ txid, coin, direction: 'in', address, amount, height: heightAt(at), createdAt: at });
  return txid;
}

/** A simulated transfer's confirmations at `tip`: a double-spent one's as CONFLICT_FINAL_DEPTH deep. */
const simDepth = (row: { height: number; dropped: boolean }, tip: number): number => (row.dropped ? -CONFLICT_FINAL_DEPTH : Math.max(0, tip - row.height));

export class SimulatedChain implements ChainAdapter {
  readonly kind = 'simulated';
  /** Addresses the next send() to which the chain refuses (tests, demo). */
  private readonly failing = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly secret: Buffer,
    /** Minutes before a sent payment confirms. */
    private readonly confirmMinutes = 1,
  ) {}

  async depositAddress(coin: string, accountId: string): Promise<string> {
    // Deterministic per (account, coin) and unguessable without the server secret; marked "sim".
    const digest = createHmac('sha256', this.secret).update(`${coin}:${accountId}`).digest('hex').slice(0, 40);
    return `sim${coin}1${digest}`;
  }

  /** A payment from outside to one of our addresses (tests, `npm run simulate`, operators in demo). */
  receive(coin: string, address: string, amount: string): Promise<string> {
    return simulatedIncoming(this.db, this.clock.now(), coin, address, amount);
  }

  async coinbaseMatured(coin: string, blockHash: string, amount: string): Promise<void> {
    const txid = createHmac('sha256', this.secret).update(`coinbase:${coin}:${blockHash}`).digest('hex');
    await this.db.insert(simChainTxs).values({ txid, coin, direction: 'in', address: SIM_COINBASE_ADDRESS, amount, height: heightAt(this.clock.now()), createdAt: this.clock.now() }).onConflictDoNothing();
  }

  /** The simulated chain has no blocks of its own: the simulator's blocks are the pool's word. */
  async checkCoinbase(): Promise<CoinbaseCheck> {
    return { state: 'ok' };
  }

  /** The next payment to `address` will be dropped by the network. */
  failNextSendTo(address: string): void {
    this.failing.add(address);
  }

  async incoming(coin: string, addresses: ReadonlySet<string>): Promise<IncomingTransfer[]> {
    if (addresses.size === 0) return [];
    const tip = heightAt(this.clock.now());
    // Only payments to our addresses: the book also holds every other incoming payment.
    const rows = await this.db
      .select()
      .from(simChainTxs)
      .where(and(eq(simChainTxs.coin, coin), eq(simChainTxs.direction, 'in'), inArray(simChainTxs.address, [...addresses])));
    // As a node's wallet: a transfer a double spend replaced is no longer listed.
    return rows.filter((r) => !r.dropped).map((r) => ({ txid: r.txid, vout: 0, address: r.address, amount: new Decimal(r.amount).toFixed(), confirmations: simDepth(r, tip) }));
  }

  async incomingDepth(coin: string, txid: string): Promise<number | null> {
    const [row] = await this.db.select().from(simChainTxs).where(and(eq(simChainTxs.txid, txid), eq(simChainTxs.coin, coin), eq(simChainTxs.direction, 'in')));
    return row ? simDepth(row, heightAt(this.clock.now())) : null;
  }

  /** A payment to us replaced by a double spend now CONFLICT_FINAL_DEPTH blocks deep (tests, demo). */
  async doubleSpend(txid: string): Promise<void> {
    await this.db.update(simChainTxs).set({ dropped: true }).where(and(eq(simChainTxs.txid, txid), eq(simChainTxs.direction, 'in')));
  }

  async send(coin: string, address: string, amount: string, reference: string): Promise<string> {
    const txid = createHmac('sha256', this.secret).update(`send:${reference}`).digest('hex');
    const dropped = this.failing.delete(address);
    // The txid is derived from the withdrawal, so re-sending after a crash finds the same tx
    // instead of paying twice.
    await this.db
      .insert(simChainTxs)
      .values({ txid, coin, direction: 'out', address, amount, height: heightAt(this.clock.now()), dropped, createdAt: this.clock.now() })
      .onConflictDoNothing();
    return txid;
  }

  /** The simulated chain's sends are written at once: none is ever under way. */
  sendInProgress(): Promise<boolean> {
    return Promise.resolve(false);
  }

  async findSent(_coin: string, reference: string): Promise<string | null> {
    const txid = createHmac('sha256', this.secret).update(`send:${reference}`).digest('hex');
    const [row] = await this.db.select({ txid: simChainTxs.txid }).from(simChainTxs).where(eq(simChainTxs.txid, txid));
    return row?.txid ?? null;
  }

  async outcome(_coin: string, txid: string): Promise<SendOutcome> {
    const [row] = await this.db.select().from(simChainTxs).where(eq(simChainTxs.txid, txid));
    // Not one of its payments (the coin's chain was changed to the simulated one while a node's
    // payment was under way): what became of it is not known here, so it is neither settled nor
    // returned; the withdrawal waits and the warning says why.
    if (!row) throw new SendOutcomeUnknown(`the simulated chain holds no transaction ${txid}: was the coin's chain changed?`);
    if (row.dropped) return { state: 'dropped', reason: 'rejected by the network' };
    return heightAt(this.clock.now()) - row.height >= this.confirmMinutes ? { state: 'confirmed' } : { state: 'pending' };
  }

  async custody(coins: string[]): Promise<Map<string, string>> {
    const rows = await queryRows<{ coin: string; held: string }>(
      this.db,
      sql`select coin, sum(case when dropped then 0 when direction = 'in' then amount else -amount end)::text as held
            from sim_chain_txs group by coin`,
    );
    const held = new Map(rows.map((r) => [r.coin, new Decimal(r.held).toFixed()]));
    return new Map(coins.map((c) => [c, held.get(c) ?? '0']));
  }
}

/** What gettransaction says of a transaction of the node's wallet, as far as the adapter reads it. */
export interface WalletTransaction {
  confirmations: number;
  fee?: number | string;
  comment?: string;
  replaced_by_txid?: string;
  walletconflicts?: string[];
  details?: Array<{ category: string; address?: string; amount: number | string; abandoned?: boolean }>;
}

/**
 * Whether a hand-made transaction (no comment: the pool's own payments and a bumpfee's
 * replacements carry the withdrawal id) pays what the pool's payments it conflicts with paid,
 * each of their sends among its sends, to the same address for the same amount: 'alone' when it
 * replaced one payment and pays nothing else, 'shared' when it pays others too (its fee is not
 * that payment's alone). `replaced` holds one payment per withdrawal: all of them must be paid,
 * so that one output is never taken for two withdrawals' payments (the user of the other would
 * be paid once for two).
 */
export function paysAll(replaced: WalletTransaction[], other: WalletTransaction): 'no' | 'alone' | 'shared' {
  if (other.comment !== undefined) return 'no';
  const sends = (t: WalletTransaction) => (t.details ?? []).filter((d) => d.category === 'send');
  const left = sends(other);
  const paid = replaced.flatMap(sends);
  if (paid.length === 0 || replaced.some((t) => sends(t).length === 0)) return 'no';
  for (const p of paid) {
    const i = left.findIndex((o) => o.address === p.address && new Decimal(o.amount).eq(p.amount));
    if (i < 0) return 'no';
    left.splice(i, 1);
  }
  return left.length === 0 && replaced.length === 1 ? 'alone' : 'shared';
}

/**
 * A bitcoind-compatible wallet node per coin (WALLET_RPC_URLS={"btc":"http://user:pass@host:port"}).
 * Confirmations follow the node; custody is the node's balance. A payment carries its withdrawal
 * id as its comment, so a send whose answer was lost is found on the node instead of sent again.
 */
export class JsonRpcChain implements ChainAdapter {
  readonly kind = 'jsonrpc';
  constructor(
    private readonly urls: Record<string, string>,
    /** How long a call may take before its outcome is taken as unknown. */
    private readonly timeoutMs = 20_000,
  ) {}

  /**
   * One call of the node's JSON-RPC. A JSON-RPC error in the answer is the node's refusal
   * (ChainRefusal); no answer, a time-out or an answer that is not JSON-RPC is thrown as it is.
   */
  private async call<T>(coin: string, method: string, params: unknown[]): Promise<T> {
    const url = this.urls[coin];
    if (!url) throw new ChainRefusal(`no wallet node configured for ${coin}`);
    try {
      return await nodeRpc<T>(url, method, params, this.timeoutMs);
    } catch (error) {
      if (error instanceof NodeRpcError) throw new ChainRefusal(`${coin} ${error.message}`, error.code);
      throw error;
    }
  }

  depositAddress(coin: string, accountId: string): Promise<string> {
    return this.call<string>(coin, 'getnewaddress', [accountId]);
  }

  async incoming(coin: string, addresses: ReadonlySet<string>): Promise<IncomingTransfer[]> {
    const result = await this.call<{ transactions: Array<{ category: string; address: string; amount: number | string; txid: string; vout: number; confirmations: number }> }>(coin, 'listsinceblock', []);
    return result.transactions
      .filter((t) => t.category === 'receive' && addresses.has(t.address))
      .map((t) => ({ txid: t.txid, vout: t.vout, address: t.address, amount: new Decimal(t.amount).toFixed(), confirmations: t.confirmations }));
  }

  /**
   * listsinceblock lists a received transfer only while its confirmations are 0 or more: one that
   * a double spend replaced drops out of the list, and gettransaction shows it with the double
   * spend's depth, negated. A transaction the wallet does not know (RPC_INVALID_ADDRESS_OR_KEY): null.
   */
  async incomingDepth(coin: string, txid: string): Promise<number | null> {
    try {
      return (await this.call<{ confirmations: number }>(coin, 'gettransaction', [txid])).confirmations;
    } catch (error) {
      if (error instanceof ChainRefusal && error.code === -5) return null;
      throw error;
    }
  }

  /** sendtoaddress with the withdrawal id as the transaction's comment, which findSent() looks for. */
  send(coin: string, address: string, amount: string, reference: string): Promise<string> {
    return this.call<string>(coin, 'sendtoaddress', [address, amount, reference]);
  }

  /** Wallet entries per listtransactions call of findSent(), newest first. */
  static readonly FIND_SENT_PAGE = 1000;
  /** The most entries findSent() reads: past them the outcome is unknown, not "not sent". */
  static readonly FIND_SENT_MAX = 100_000;
  /** Entries this much older than the send's start are read too: the node's clock is not ours. */
  static readonly FIND_SENT_SLACK_MS = 3_600_000;

  /**
   * Reads the wallet's entries back from the newest, page by page, until the payment is found or
   * the entries are older than the send's start: "not sent" only once every entry since is read.
   * A fixed window of the newest 1,000 answered "not sent" when more entries had come since (mined
   * coins, deposits, other payments: a long outage on a busy wallet), and the payment went twice.
   */
  async findSent(coin: string, reference: string, since: Date): Promise<string | null> {
    const floor = (since.getTime() - JsonRpcChain.FIND_SENT_SLACK_MS) / 1000;
    for (let skip = 0; skip < JsonRpcChain.FIND_SENT_MAX; skip += JsonRpcChain.FIND_SENT_PAGE) {
      // A page comes oldest first: its first entry is the oldest.
      const txs = await this.call<Array<{ category: string; txid: string; comment?: string; time?: number; replaces_txid?: string }>>(coin, 'listtransactions', ['*', JsonRpcChain.FIND_SENT_PAGE, skip, true]);
      // A fee bump copies the comment to its replacement: the payment is the original, from which
      // outcome() follows the replacements (a replacement the mempool refused never pays).
      const hit = txs.find((t) => t.category === 'send' && t.comment === reference && !t.replaces_txid);
      if (hit) return hit.txid;
      if (txs.length < JsonRpcChain.FIND_SENT_PAGE || (txs[0]?.time ?? Infinity) < floor) return null;
    }
    throw new SendOutcomeUnknown(`${coin}: over ${JsonRpcChain.FIND_SENT_MAX} wallet entries since the send of ${reference} started; its outcome is unknown`);
  }

  /**
   * The node's commands being run now (getrpcinfo): a `sendtoaddress` among them may be a send
   * whose caller gave up, still waiting for the wallet (a node catching up with the chain runs no
   * wallet call until it has). A node without getrpcinfo cannot say: false, and the wait alone holds.
   */
  async sendInProgress(coin: string): Promise<boolean> {
    try {
      const info = await this.call<{ active_commands?: Array<{ method: string }> }>(coin, 'getrpcinfo', []);
      return (info.active_commands ?? []).some((c) => c.method === 'sendtoaddress');
    } catch (error) {
      if (error instanceof ChainRefusal) return false;
      throw error;
    }
  }

  /** The node's wallet received the coinbase itself: nothing to book. */
  async coinbaseMatured(): Promise<void> {}

  /**
   * The block on the node's main chain at its height, and its coinbase in the node's wallet as
   * the pool's own mined coins (`generate`, or `immature` before the node's coinbase maturity)
   * for exactly the reward. The pool's payout address must be an address of this wallet (not a
   * watch-only one), as the operator guide says. The block's header time is returned with the
   * answer (the caller compares it with the `found` event's). Held only on the node's word: it does not know
   * the block (-5, or -8 for a hash that cannot be one), or the coinbase is no transaction of the
   * wallet's (-5). Any other refusal (warming up, no wallet loaded, pruned block data) or no
   * answer throws: the block waits for the next check.
   */
  async checkCoinbase(coin: string, claim: PoolBlockClaim): Promise<CoinbaseCheck> {
    const held = (reason: BlockHoldReason, detail: string): CoinbaseCheck => ({ state: 'held', reason, detail });
    const url = this.urls[coin];
    if (!url) return held('no_wallet_node', `no wallet node configured for ${coin} (WALLET_RPC_URLS)`);
    const ask = async <T>(method: string, params: unknown[], holdOn: number[]): Promise<T | NodeRpcError> => {
      try {
        return await nodeRpc<T>(url, method, params, this.timeoutMs);
      } catch (error) {
        if (error instanceof NodeRpcError && error.code !== undefined && holdOn.includes(error.code)) return error;
        throw error;
      }
    };
    const block = await ask<{ confirmations: number; height: number; tx: string[]; difficulty?: number; time?: number }>('getblock', [claim.hash, 1], [RPC_NOT_FOUND, RPC_INVALID_PARAMETER]);
    if (block instanceof NodeRpcError) return held('not_in_chain', `the node does not know the block (${block.message})`);
    if (block.confirmations < 1) return held('not_in_chain', `the block is off the main chain (${block.confirmations} confirmations)`);
    if (block.height !== claim.height) return held('not_in_chain', `the block is at height ${block.height}, not ${claim.height}`);
    const tx = await ask<{ details?: Array<{ category: string; amount: number | string }> }>('gettransaction', [block.tx[0]], [RPC_NOT_FOUND]);
    if (tx instanceof NodeRpcError) return held('not_pool_coinbase', `its coinbase pays nothing to the wallet (${tx.message})`);
    const mined = (tx.details ?? []).filter((d) => d.category === 'generate' || d.category === 'immature' || d.category === 'orphan');
    if (mined.length === 0) return held('not_pool_coinbase', 'its coinbase pays nothing to the wallet');
    if (mined.some((d) => d.category === 'orphan')) return held('not_in_chain', 'the wallet holds its coinbase as orphaned');
    const paid = mined.reduce((sum, d) => sum.plus(new Decimal(d.amount)), new Decimal(0));
    if (!paid.eq(claim.reward)) return held('amount_differs', `its coinbase pays the wallet ${paid.toFixed()}, the block says ${new Decimal(claim.reward).toFixed()}`);
    // The header time, in Unix seconds as getblock gives it.
    const time = typeof block.time === 'number' && Number.isFinite(block.time) ? { time: new Date(block.time * 1000) } : {};
    if (mined.some((d) => d.category === 'immature')) return { state: 'immature', ...time };
    return typeof block.difficulty === 'number' && block.difficulty > 0 ? { state: 'ok', nodeDifficulty: block.difficulty, ...time } : { state: 'ok', ...time };
  }

  /** The most fee bumps of one payment followed (each replaces the one before). */
  static readonly MAX_REPLACEMENTS = 25;

  /**
   * The wallet's view of its own payment: `fee` is what it paid the network, as a negative number;
   * negative confirmations mean a conflicting transaction is that deep in the chain.
   * A fee bump on the node (bumpfee) replaces the payment with a new transaction that the wallet
   * names in `replaced_by_txid`: the payment's outcome is the replacement's, which is followed.
   * Taking the conflicted original for a dropped payment returned the user's funds though the
   * replacement paid them. A replacement made otherwise (psbtbumpfee, a hand-made transaction
   * sent with sendrawtransaction) is named by no field: a conflict that pays the same (paysAll),
   * mined or in the mempool, is followed the same way. Any other conflict counts only once it is
   * CONFLICT_FINAL_DEPTH deep: a shallower one can be undone by a reorganisation, and the payment
   * confirm after all.
   */
  async outcome(coin: string, txid: string): Promise<SendOutcome> {
    let current = txid;
    // A replacement that also pays others (a hand-made batch): its fee is not this payment's alone.
    let batched = false;
    // Never back to a transaction already followed: a bumpfee the mempool refused leaves the
    // original in it, and each lists the other among its conflicts.
    const followed = new Set([txid]);
    // The withdrawal's id, the comment of the payment the pool sent (a hand replacement has none).
    let reference: string | undefined;
    for (let hops = 0; ; hops++) {
      const tx = await this.call<WalletTransaction>(coin, 'gettransaction', [current]);
      if (hops === 0) reference = tx.comment;
      const next = tx.confirmations > 0 ? undefined : tx.replaced_by_txid ? { txid: tx.replaced_by_txid, batched: false } : await this.replacementOf(coin, current, tx, reference);
      const found = next && !followed.has(next.txid) ? next : undefined;
      if (found) {
        followed.add(found.txid);
        // Past the most bumps followed the outcome is not known: waiting is safe, failing is not.
        if (hops >= JsonRpcChain.MAX_REPLACEMENTS) return { state: 'pending' };
        current = found.txid;
        batched ||= found.batched;
        continue;
      }
      const replaced = current === txid ? {} : { txid: current };
      if (tx.confirmations <= -CONFLICT_FINAL_DEPTH) return { state: 'dropped', reason: 'conflicted on chain' };
      if (tx.confirmations < 0) return { state: 'pending', ...replaced };
      // A batch's fee stays unknown here: the withdrawal keeps the fee of the payment it sent.
      const networkFee = tx.fee === undefined || batched ? undefined : new Decimal(tx.fee).abs().toFixed();
      return { state: tx.confirmations >= 1 ? 'confirmed' : 'pending', ...(networkFee ? { networkFee } : {}), ...replaced };
    }
  }

  /**
   * The transaction among an unconfirmed payment's wallet conflicts that was made by hand, pays
   * what it and the pool's other payments it conflicts with paid (paysAll), and took their place
   * (mined, or else in the node's mempool), if there is one: it replaced the payment by means the
   * wallet does not record. Followed while in the mempool too, so that the payment in flight is
   * recorded with the fee it now costs, as a bumpfee's replacement is.
   */
  private async replacementOf(coin: string, txid: string, payment: WalletTransaction, reference: string | undefined): Promise<{ txid: string; batched: boolean } | undefined> {
    let waiting: { txid: string; batched: boolean } | undefined;
    for (const conflict of payment.walletconflicts ?? []) {
      const other = await this.call<WalletTransaction>(coin, 'gettransaction', [conflict]);
      if (other.confirmations < 0 || other.comment !== undefined) continue;
      const match = paysAll(await this.poolPaymentsReplaced(coin, txid, payment, reference, other), other);
      if (match === 'no') continue;
      const found = { txid: conflict, batched: match === 'shared' };
      if (other.confirmations >= 1) return found;
      if (payment.confirmations === 0 && !waiting && (await this.inMempool(coin, conflict))) waiting = found;
    }
    return waiting;
  }

  /**
   * The pool's payments a hand-made transaction conflicts with, one per withdrawal (by comment: a
   * payment and its bumpfee replacements pay the same), the payment being followed first, under
   * its withdrawal's `reference` (a hand replacement replaced again carries none itself). An
   * abandoned one (abandontransaction: its coins free to spend again) is left out: the wallet may
   * spend its coins in a replacement of another payment, which does not pay it.
   */
  private async poolPaymentsReplaced(coin: string, txid: string, payment: WalletTransaction, reference: string | undefined, other: WalletTransaction): Promise<WalletTransaction[]> {
    const byWithdrawal = new Map<string | undefined, WalletTransaction>([[reference, payment]]);
    for (const conflict of other.walletconflicts ?? []) {
      if (conflict === txid) continue;
      const replaced = await this.call<WalletTransaction>(coin, 'gettransaction', [conflict]);
      const abandoned = (replaced.details ?? []).some((d) => d.abandoned === true);
      if (replaced.comment !== undefined && !abandoned && !byWithdrawal.has(replaced.comment)) byWithdrawal.set(replaced.comment, replaced);
    }
    return [...byWithdrawal.values()];
  }

  /** The node's mempool holds the transaction (getmempoolentry; -5 when it does not). */
  private async inMempool(coin: string, txid: string): Promise<boolean> {
    try {
      await this.call(coin, 'getmempoolentry', [txid]);
      return true;
    } catch (error) {
      if (error instanceof ChainRefusal && error.code === RPC_NOT_FOUND) return false;
      throw error;
    }
  }

  async custody(coins: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const coin of coins) if (this.urls[coin]) out.set(coin, new Decimal(await this.call<number | string>(coin, 'getbalance', [])).toFixed());
    return out;
  }
}
