// Each coin's own chain (CHAIN_ADAPTERS, CHAIN_ADAPTER for the coins not named): the simulated
// chain, a bitcoind-style wallet node, or none. The wallet, the contracts' USDT payments and the
// block settlement call this one adapter, which passes each call to the coin's chain. A disabled
// coin has no chain: the coin limits close its deposits and withdrawals (coin-limits.service.ts),
// so nothing reaches here for it except the wallet jobs' scans, which find nothing.
import type { ChainKind } from '../../config';
import { AppError } from '../../platform/errors';
import { ChainRefusal, SendOutcomeUnknown, type ChainAdapter, type CoinbaseCheck, type IncomingTransfer, type PoolBlockClaim, type SendOutcome, type SimulatedChain } from './chain';

export class CoinChains implements ChainAdapter {
  readonly kind = 'per-coin';

  constructor(
    /** The coin's chain kind. */
    readonly kindOf: (coin: string) => ChainKind,
    /** The simulated chain (tests and the demo put payments into it). */
    readonly simulated: SimulatedChain,
    private readonly node: ChainAdapter,
    /** Each coin's wallet node (WALLET_RPC_URLS). */
    private readonly nodeUrls: Readonly<Record<string, string>> = {},
  ) {}

  /** The node of a coin whose chain is a wallet node (it answers network data too), else null. */
  nodeUrl(coin: string): string | null {
    return this.kindOf(coin) === 'jsonrpc' ? (this.nodeUrls[coin] ?? null) : null;
  }

  /** Whether the coin has a chain at all. */
  enabled(coin: string): boolean {
    return this.kindOf(coin) !== 'disabled';
  }

  private of(coin: string): ChainAdapter | null {
    const kind = this.kindOf(coin);
    return kind === 'disabled' ? null : kind === 'jsonrpc' ? this.node : this.simulated;
  }

  async depositAddress(coin: string, accountId: string): Promise<string> {
    const chain = this.of(coin);
    if (!chain) throw new AppError('deposit_disabled');
    return chain.depositAddress(coin, accountId);
  }

  async incoming(coin: string, addresses: ReadonlySet<string>): Promise<IncomingTransfer[]> {
    return (await this.of(coin)?.incoming(coin, addresses)) ?? [];
  }

  async incomingDepth(coin: string, txid: string): Promise<number | null> {
    return (await this.of(coin)?.incomingDepth(coin, txid)) ?? null;
  }

  async send(coin: string, address: string, amount: string, reference: string): Promise<string> {
    const chain = this.of(coin);
    // Nothing was sent: the withdrawal fails and its funds return.
    if (!chain) throw new ChainRefusal(`${coin} has no chain (CHAIN_ADAPTERS disables it)`);
    return chain.send(coin, address, amount, reference);
  }

  /**
   * A lost send of a coin disabled since may have gone out: with no chain to ask, its outcome is
   * unknown (the withdrawal waits until the coin has its chain again), never "not sent", which
   * would have it sent again, refused, and its funds returned after the user was paid.
   */
  async findSent(coin: string, reference: string, since: Date): Promise<string | null> {
    const chain = this.of(coin);
    if (!chain) throw new SendOutcomeUnknown(`${coin} has no chain (CHAIN_ADAPTERS disables it): whether the lost send went out is not known`);
    return chain.findSent(coin, reference, since);
  }

  async sendInProgress(coin: string): Promise<boolean> {
    return (await this.of(coin)?.sendInProgress(coin)) ?? false;
  }

  /** A payment sent before its coin was disabled stays pending until the coin has its chain again. */
  async outcome(coin: string, txid: string): Promise<SendOutcome> {
    return (await this.of(coin)?.outcome(coin, txid)) ?? { state: 'pending' };
  }

  async custody(coins: string[]): Promise<Map<string, string>> {
    const sim = coins.filter((c) => this.kindOf(c) === 'simulated');
    const node = coins.filter((c) => this.kindOf(c) === 'jsonrpc');
    const out = new Map<string, string>();
    for (const [coin, held] of [...(sim.length ? await this.simulated.custody(sim) : []), ...(node.length ? await this.node.custody(node) : [])]) out.set(coin, held);
    return out;
  }

  async coinbaseMatured(coin: string, blockHash: string, amount: string): Promise<void> {
    await this.of(coin)?.coinbaseMatured(coin, blockHash, amount);
  }

  /** A disabled coin has no chain to ask: its blocks are the pool's word, as before it had one. */
  async checkCoinbase(coin: string, block: PoolBlockClaim): Promise<CoinbaseCheck> {
    return (await this.of(coin)?.checkCoinbase(coin, block)) ?? { state: 'ok' };
  }
}
