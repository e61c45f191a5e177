// Coin prices (USD) and currency rates (units per 1 CNY) from their source (PRICES_SOURCE):
// - demo: the demo market. The registry's seed prices and the market data's random walk stand;
//   nothing here is polled, nothing goes stale, and overrides are refused (the screen says demo).
// - coingecko: CoinGecko's simple price call, polled every PRICES_POLL_SECONDS; each coin by its
//   CoinGecko id, the currency rates from Tether's price in each currency (USDT is the dollar the
//   pool prices in: X per CNY = USDT in X / USDT in CNY).
// - manual: operators alone enter prices on the prices screen.
// Every quote keeps its source and time (for the feed: when CoinGecko last updated the price, its
// last_updated_at, not when we asked). One older than PRICES_STALE_MINUTES is not used: the
// coin's price shows as unknown (GET /pools, so the electricity-cost figures wait), a new market
// day gets no price (contract profits and purchases paid from the balance wait) and the operators
// get an operations alert naming the stale codes, again whenever a code it did not name goes stale
// (coins not listed on the site are left out). A feed value is taken only when it fits the column
// (numeric(38,18), above 0 after rounding to 18 decimals) and moves less than MAX_PRICE_JUMP from
// the stored quote; otherwise the old quote stays, the poll's error says why and (for a jump) the
// operators are alerted. An operator's override is a quote of its own (audited, with the reason,
// not bound by MAX_PRICE_JUMP); with the feed on, the feed's next update replaces it.
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
/**
 * The most a feed value may move from the stored quote: above 3× it or below a third of it, the
 * value is refused (the old quote is kept and ages, the operators are alerted). Between two polls
 * minutes apart a real coin rarely moves that far (a 3× rise or a 67 % fall), while the feed's own
 * mistakes (an id that now names another token, a decimal slip, a dead market's last trade) are
 * usually off by far more; a real move that big is entered by an operator (not bound), and the
 * feed is then compared with that price. The same bound holds for the currency rates.
 */
export const MAX_PRICE_JUMP = 3;
/** numeric(38,18), the quotes' and the registry's column: fewer than 21 digits before the point. */
const COLUMN_LIMIT = new Decimal('1e20');

/** The value as the column stores it (18 decimals), or null when the column cannot hold it or it rounds to 0. */
export function storableValue(value: string): string | null {
  let d: Decimal;
  try {
    d = new Decimal(value);
  } catch {
    return null;
  }
  if (!d.isFinite()) return null;
  const rounded = d.toDecimalPlaces(18, Decimal.ROUND_HALF_UP);
  return rounded.gt(0) && rounded.lt(COLUMN_LIMIT) ? rounded.toFixed() : null;
}

/** True when `next` is more than MAX_PRICE_JUMP times `previous`, or less than its MAX_PRICE_JUMP-th part. */
export function isPriceJump(previous: string, next: string): boolean {
  const p = new Decimal(previous);
  const n = new Decimal(next);
  return n.gt(p.times(MAX_PRICE_JUMP)) || n.times(MAX_PRICE_JUMP).lt(p);
}

/** A list for an alert: the first 12 and how many more. */
const listed = (items: string[], sep = ', ') => (items.length > 12 ? `${items.slice(0, 12).join(sep)} (+${items.length - 12})` : items.join(sep));

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
   * One call to the feed: stores each coin's USD price and each currency's rate with the time
   * CoinGecko last updated it, and writes them where the site reads them. A value the column cannot
   * hold, or that moves more than MAX_PRICE_JUMP from the stored quote, is skipped (the old quote
   * stays) and named in the feed's last error; a jump is told to the operators once per code. A
   * failure is kept (the screen shows it) and changes nothing: the quotes age until they are stale.
   * Answers how many values were stored.
   */
  async poll(): Promise<number> {
    if (this.source !== 'coingecko' || !this.client) return 0;
    const now = this.clock.now();
    try {
      return await this.pollFeed(this.client, now);
    } catch (error) {
      const message = error instanceof CoingeckoError ? error.message : `${error instanceof Error ? error.name : 'Error'}: ${error instanceof Error ? error.message : String(error)}`;
      await repo.saveFeedState(this.db, { lastError: `${now.toISOString()} ${message}`.slice(0, 1000) }).catch((e: unknown) => this.deps.log.error({ err: e }, 'prices: the feed error could not be kept'));
      if (error instanceof CoingeckoError) return 0;
      throw error;
    }
  }

  private async pollFeed(client: CoingeckoClient, now: Date): Promise<number> {
    const { coins, rates } = await this.deps.content.allPrices();
    const currencies = rates.map((r) => r.currency.toLowerCase());
    const byId = new Map<string, string[]>();
    for (const c of coins) {
      const id = this.settings.ids.get(c.code);
      if (id) byId.set(id, [...(byId.get(id) ?? []), c.code]);
    }
    const answer = await client.simplePrice([...byId.keys(), RATE_REFERENCE_ID], ['usd', ...currencies.filter((c) => c !== 'usd')]);
    const answered: Array<{ kind: PriceKind; code: string; value: string; at: Date }> = [];
    for (const [id, codes] of byId) {
      const entry = answer.get(id);
      const usd = entry?.prices.get('usd');
      if (entry && usd) for (const code of codes) answered.push({ kind: 'coin', code, value: usd, at: entry.updatedAt });
    }
    const reference = answer.get(RATE_REFERENCE_ID);
    const perUnit = reference?.prices.get(UNIT_CURRENCY.toLowerCase());
    if (reference && perUnit) {
      for (const r of rates) {
        const inCurrency = reference.prices.get(r.currency.toLowerCase());
        if (r.currency !== UNIT_CURRENCY && inCurrency) answered.push({ kind: 'currency', code: r.currency, value: new Decimal(inCurrency).div(perUnit).toSignificantDigits(10).toFixed(), at: reference.updatedAt });
      }
    }
    const quotes = await this.quoteMap();
    const taken: typeof answered = [];
    const problems: string[] = [];
    const jumps: Array<{ code: string; from: string; to: string }> = [];
    for (const a of answered) {
      const value = storableValue(a.value);
      if (value === null) {
        problems.push(`${a.code} ${a.value} skipped: outside numeric(38,18) or not above 0`);
        continue;
      }
      // A time ahead of ours (clock skew) counts as now.
      const at = a.at.getTime() > now.getTime() ? now : a.at;
      const previous = quotes.get(`${a.kind}:${a.code}`);
      // Not updated since the stored quote (or older than an operator's override): nothing new.
      if (previous && at.getTime() <= previous.fetchedAt.getTime()) continue;
      if (previous && isPriceJump(previous.value, value)) {
        jumps.push({ code: a.code, from: plain(previous.value), to: plain(value) });
        problems.push(`${a.code} ${plain(value)} refused: more than ${MAX_PRICE_JUMP}x from ${plain(previous.value)}, the old price is kept`);
        continue;
      }
      taken.push({ ...a, value, at });
    }
    const coinPrices = new Map(taken.filter((a) => a.kind === 'coin').map((a) => [a.code, a.value]));
    const rateValues = new Map(taken.filter((a) => a.kind === 'currency').map((a) => [a.code, a.value]));
    // Read before the transaction: an embedded database serves one connection at a time.
    const operators = jumps.length ? await this.deps.accounts.operators(['finance']) : [];
    await inTransaction(this.db, async (tx) => {
      const state = await repo.lockFeedState(tx);
      await repo.upsertQuotes(tx, taken.map((a) => ({ kind: a.kind, code: a.code, value: a.value, source: 'coingecko', fetchedAt: a.at, reason: null, setBy: null })));
      await this.deps.content.writePrices(coinPrices, rateValues, tx);
      // A code's jump is told once, until a price of it is taken again.
      const told = new Set(state.jumpAlertedCodes.filter((c) => !taken.some((a) => a.code === c)));
      const untold = jumps.filter((j) => !told.has(j.code));
      if (untold.length) {
        this.deps.log.warn({ refused: untold.map((j) => j.code) }, 'prices: feed values refused, more than the jump bound from the stored quote');
        await this.deps.notifications.alertOperators(operators, { alert: 'price_jump', prices: listed(untold.map((j) => `${j.code} ${j.from} → ${j.to}`), '; '), bound: String(MAX_PRICE_JUMP) }, tx);
      }
      await repo.saveFeedState(tx, {
        lastPollAt: now,
        lastError: problems.length ? `${now.toISOString()} ${problems.join('; ')}`.slice(0, 1000) : null,
        jumpAlertedCodes: [...told, ...untold.map((j) => j.code)],
      });
    });
    if (problems.length) this.deps.log.warn({ problems: problems.length }, 'prices: feed values skipped');
    return taken.length;
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
   * Tells the finance and admin operators (message centre) when prices went stale: the coins
   * listed on the site and the currency rates whose quote is too old. The codes told are kept; a
   * code going stale that the last alert did not name alerts again (naming every stale code), and a
   * code leaves the kept ones once fresh. Answers the stale codes.
   */
  async alertIfStale(): Promise<string[]> {
    if (this.source === 'demo') return [];
    // GET /pools' coins are the listed ones: a coin switched off in the coin list needs no price.
    const [{ rates }, listedCoins, quotes] = await Promise.all([this.deps.content.allPrices(), this.deps.content.pools(), this.quoteMap()]);
    const now = this.clock.now();
    const stale = [
      ...listedCoins.filter((c) => this.isStale(quotes.get(`coin:${c.coin}`), now)).map((c) => c.coin),
      ...rates.filter((r) => r.currency !== UNIT_CURRENCY && this.isStale(quotes.get(`currency:${r.currency}`), now)).map((r) => r.currency),
    ];
    // Read before the transaction: an embedded database serves one connection at a time.
    const operators = stale.length ? await this.deps.accounts.operators(['finance']) : [];
    await inTransaction(this.db, async (tx) => {
      const state = await repo.lockFeedState(tx);
      const told = new Set(state.staleAlertedCodes);
      const untold = stale.filter((c) => !told.has(c));
      if (untold.length) {
        this.deps.log.warn({ stale: stale.length, newly: untold }, 'prices are stale: price-dependent work waits');
        await this.deps.notifications.alertOperators(operators, { alert: 'prices_stale', codes: listed(stale), minutes: String(Math.round(this.settings.staleMs / 60_000)) }, tx);
      }
      const unchanged = !untold.length && state.staleAlertedCodes.length === stale.length;
      if (!unchanged) await repo.saveFeedState(tx, { staleAlertedCodes: stale, staleAlertedAt: untold.length ? now : stale.length ? state.staleAlertedAt : null });
    });
    return stale;
  }
}
