// Coin prices (USD) and currency rates (units per 1 CNY) from their source (PRICES_SOURCE):
// - demo: the demo market. The registry's seed prices and the market data's random walk stand;
//   nothing here is polled, nothing goes stale, and overrides are refused (the screen says demo).
// - coingecko: CoinGecko's simple price call, polled every PRICES_POLL_SECONDS; each coin by its
//   CoinGecko id, the currency rates from Tether's price in each currency (USDT is the dollar the
//   pool prices in: X per CNY = USDT in X / USDT in CNY).
// - manual: operators alone enter prices on the prices screen.
// Every quote keeps its source and time. One older than PRICES_STALE_MINUTES is not used: the
// coin's price shows as unknown (GET /pools, so the electricity-cost figures wait), a new market
// day gets no price (contract profits and purchases paid from the balance wait) and the operators
// get an operations alert once per stale spell. An operator's override is a quote of its own
// (audited, with the reason); with the feed on, the feed's next answer replaces it.
import type { FastifyBaseLogger } from 'fastify';
import { addDays, utcDay, type PriceKind, type PriceSource } from '@hashpool/shared';
import { LedgerDecimal as Decimal } from '../ledger';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { Notifications } from '../../platform/notifications';
import type { AccountDirectory } from '../accounts';
import type { ContentApi } from '../content';
import { CoingeckoError, type CoingeckoClient } from './coingecko.client';
import * as repo from './prices.repository';

/** A day that ended this long ago still takes the current quote (the node-measured days are written then). */
export const DAY_END_PRICE_GRACE_MS = 60 * 60_000;

/** CoinGecko's id of each coin of the registry; PRICES_COINGECKO_IDS corrects or adds to it. */
export const COINGECKO_IDS: Readonly<Record<string, string>> = {
  btc: 'bitcoin', ltc: 'litecoin', doge: 'dogecoin', eth: 'ethereum-pow-iou', xmr: 'monero', zec: 'zcash', dash: 'dash',
  dcr: 'decred', rvn: 'ravencoin', erg: 'ergo', kda: 'kadena', hns: 'handshake', lbc: 'lbry-credits', ckb: 'nervos-network',
  stc: 'starcoin', sc: 'siacoin', scp: 'scprime', cfx: 'conflux-token', 'grin-c32': 'grin', pmeer: 'qitmeer-network',
  alph: 'alephium', kas: 'kaspa', sumo: 'sumokoin', zeph: 'zephyr-protocol', aleo: 'aleo', xtm: 'tari',
};
/** Whose price in each currency gives the currency rates. */
export const RATE_REFERENCE_ID = 'tether';
/** The unit of the currency rates. */
const UNIT_CURRENCY = 'CNY';

export interface PricesSettings {
  source: PriceSource;
  staleMs: number;
  pollSeconds: number;
  /** Coin code → CoinGecko id, the built-in mapping with the configured corrections. */
  ids: ReadonlyMap<string, string>;
}

/** PRICES_COINGECKO_IDS (`btc=bitcoin,kas=kaspa`) over the built-in mapping. */
export function coingeckoIds(overrides: string | undefined): Map<string, string> {
  const ids = new Map(Object.entries(COINGECKO_IDS));
  for (const pair of overrides?.split(',') ?? []) {
    const [code, id] = pair.split('=');
    if (code && id) ids.set(code, id);
  }
  return ids;
}

const plain = (v: string) => new Decimal(v).toFixed();

export interface PricesDeps {
  content: ContentApi['content'];
  accounts: Pick<AccountDirectory, 'operators' | 'emailsOf'>;
  notifications: Notifications;
  audit: AuditLog;
  log: FastifyBaseLogger;
}

export class PricesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly settings: PricesSettings,
    private readonly client: CoingeckoClient | null,
    private readonly deps: PricesDeps,
  ) {}

  get source(): PriceSource {
    return this.settings.source;
  }

  private isStale(q: repo.QuoteRow | undefined, now: Date): boolean {
    return !q || now.getTime() - q.fetchedAt.getTime() > this.settings.staleMs;
  }

  private async quoteMap(): Promise<Map<string, repo.QuoteRow>> {
    return new Map((await repo.quotes(this.db)).map((q) => [`${q.kind}:${q.code}`, q]));
  }

  /** The coins whose price may not be used now (none with the demo market). */
  async staleCoins(): Promise<Set<string>> {
    if (this.source === 'demo') return new Set();
    const [{ coins }, quotes] = await Promise.all([this.deps.content.allPrices(), this.quoteMap()]);
    const now = this.clock.now();
    return new Set(coins.filter((c) => this.isStale(quotes.get(`coin:${c.code}`), now)).map((c) => c.code));
  }

  /**
   * The price a coin's market day `day` is given: the current quote when it is fresh and `day` is
   * today (UTC), or the day that ended less than DAY_END_PRICE_GRACE_MS ago (a day a coin's node
   * measures is written once it has ended); else none (an older day never gets today's price).
   * Undefined with the demo market, whose walk prices the day.
   */
  async dayPrice(coin: string, day: string): Promise<string | null | undefined> {
    if (this.source === 'demo') return undefined;
    const now = this.clock.now();
    const today = utcDay(now);
    const justEnded = day === addDays(today, -1) && now.getTime() % 86_400_000 < DAY_END_PRICE_GRACE_MS;
    if (day !== today && !justEnded) return null;
    const [q] = (await repo.quotes(this.db)).filter((r) => r.kind === 'coin' && r.code === coin);
    return this.isStale(q, now) ? null : plain(q!.value);
  }

  /** The operators' screen: every coin and currency with its value, source, time and stale flag. */
  async status() {
    const [{ coins, rates }, quotes, state] = await Promise.all([this.deps.content.allPrices(), this.quoteMap(), repo.feedState(this.db)]);
    const emails = await this.deps.accounts.emailsOf([...quotes.values()].flatMap((q) => (q.setBy ? [q.setBy] : [])));
    const now = this.clock.now();
    const row = (kind: PriceKind, code: string, registry: string | null, registryAt: Date | null) => {
      const q = quotes.get(`${kind}:${code}`);
      if (this.source === 'demo' || (kind === 'currency' && code === UNIT_CURRENCY)) {
        return { kind, code, value: registry === null ? null : plain(registry), source: this.source === 'demo' ? 'demo' : 'unit', updated_at: registryAt?.toISOString() ?? null, stale: false, reason: null, updated_by: null };
      }
      return {
        kind,
        code,
        value: q ? plain(q.value) : null,
        source: q?.source ?? null,
        updated_at: q?.fetchedAt.toISOString() ?? null,
        stale: this.isStale(q, now),
        reason: q?.reason ?? null,
        updated_by: (q?.setBy && emails.get(q.setBy)) ?? null,
      };
    };
    return {
      source: this.source,
      stale_after_minutes: Math.round(this.settings.staleMs / 60_000),
      poll_seconds: this.settings.pollSeconds,
      last_poll_at: state.lastPollAt?.toISOString() ?? null,
      last_error: state.lastError,
      list: [...coins.map((c) => row('coin', c.code, c.price, null)), ...rates.map((r) => row('currency', r.currency, r.rate, r.updatedAt))],
    };
  }

  /**
   * One call to the feed: stores each coin's USD price and each currency's rate with the time of
   * the answer, and writes them where the site reads them. A failure is kept (the screen shows it)
   * and changes nothing: the quotes age until they are stale. Answers how many values were stored.
   */
  async poll(): Promise<number> {
    if (this.source !== 'coingecko' || !this.client) return 0;
    const { coins, rates } = await this.deps.content.allPrices();
    const currencies = rates.map((r) => r.currency.toLowerCase());
    const byId = new Map<string, string[]>();
    for (const c of coins) {
      const id = this.settings.ids.get(c.code);
      if (id) byId.set(id, [...(byId.get(id) ?? []), c.code]);
    }
    const now = this.clock.now();
    let answer;
    try {
      answer = await this.client.simplePrice([...byId.keys(), RATE_REFERENCE_ID], ['usd', ...currencies.filter((c) => c !== 'usd')]);
    } catch (error) {
      if (!(error instanceof CoingeckoError)) throw error;
      await repo.saveFeedState(this.db, { lastError: `${now.toISOString()} ${error.message}` });
      return 0;
    }
    const coinPrices = new Map<string, string>();
    for (const [id, codes] of byId) {
      const usd = answer.get(id)?.get('usd');
      if (usd) for (const code of codes) coinPrices.set(code, usd);
    }
    const rateValues = new Map<string, string>();
    const reference = answer.get(RATE_REFERENCE_ID);
    const perUnit = reference?.get(UNIT_CURRENCY.toLowerCase());
    if (reference && perUnit) {
      for (const r of rates) {
        const inCurrency = reference.get(r.currency.toLowerCase());
        if (r.currency !== UNIT_CURRENCY && inCurrency) rateValues.set(r.currency, new Decimal(inCurrency).div(perUnit).toSignificantDigits(10).toFixed());
      }
    }
    await inTransaction(this.db, async (tx) => {
      await repo.upsertQuotes(tx, [
        ...[...coinPrices].map(([code, value]) => ({ kind: 'coin', code, value, source: 'coingecko', fetchedAt: now, reason: null, setBy: null })),
        ...[...rateValues].map(([code, value]) => ({ kind: 'currency', code, value, source: 'coingecko', fetchedAt: now, reason: null, setBy: null })),
      ]);
      await this.deps.content.writePrices(coinPrices, rateValues, tx);
      await repo.saveFeedState(tx, { lastPollAt: now, lastError: null });
    });
    return coinPrices.size + rateValues.size;
  }

  /** An operator's price or rate, with a reason: audited with the old value, effective at once. */
  async override(adminUserId: string, kind: PriceKind, code: string, value: string, reason: string) {
    if (this.source === 'demo') throw new AppError('price_override_demo');
    const { coins, rates } = await this.deps.content.allPrices();
    const known = kind === 'coin' ? coins.some((c) => c.code === code) : rates.some((r) => r.currency === code);
    if (!known) throw new AppError('price_not_found');
    if (kind === 'currency' && code === UNIT_CURRENCY) throw new AppError('price_rate_fixed');
    const v = plain(value);
    const now = this.clock.now();
    await inTransaction(this.db, async (tx) => {
      const old = await repo.lockQuote(tx, kind, code);
      await repo.upsertQuotes(tx, [{ kind, code, value: v, source: 'operator', fetchedAt: now, reason, setBy: adminUserId }]);
      await this.deps.content.writePrices(kind === 'coin' ? new Map([[code, v]]) : new Map(), kind === 'currency' ? new Map([[code, v]]) : new Map(), tx);
      await this.deps.audit.record({ adminUserId, action: 'price_override', target: `price:${kind}:${code}`, detail: { from: old ? `${plain(old.value)} (${old.source})` : '', to: v, reason } }, tx);
    });
    return (await this.status()).list.find((r) => r.kind === kind && r.code === code)!;
  }

  /**
   * Tells the finance and admin operators (message centre) once when prices went stale, and
   * re-arms when every price is fresh again. Answers the stale codes.
   */
  async alertIfStale(): Promise<string[]> {
    if (this.source === 'demo') return [];
    const { rates } = await this.deps.content.allPrices();
    const quotes = await this.quoteMap();
    const now = this.clock.now();
    const stale = [
      ...(await this.staleCoins()),
      ...rates.filter((r) => r.currency !== UNIT_CURRENCY && this.isStale(quotes.get(`currency:${r.currency}`), now)).map((r) => r.currency),
    ];
    if (!stale.length) {
      await repo.saveFeedState(this.db, { staleAlertedAt: null });
      return stale;
    }
    const operators = await this.deps.accounts.operators(['finance']);
    await inTransaction(this.db, async (tx) => {
      if (!(await repo.claimStaleAlert(tx, now))) return;
      this.deps.log.warn({ stale: stale.length }, 'prices are stale: price-dependent work waits');
      const codes = stale.length > 12 ? `${stale.slice(0, 12).join(', ')} (+${stale.length - 12})` : stale.join(', ');
      await this.deps.notifications.alertOperators(operators, { alert: 'prices_stale', codes, minutes: String(Math.round(this.settings.staleMs / 60_000)) }, tx);
    });
    return stale;
  }
}
