// Content the shell shows: coins, parameters, footer links, announcements, sliders, ads, rates.
// Stored texts are per language; each call answers in the caller's language, English otherwise.
import { LedgerDecimal as Decimal } from '../ledger';
import { CAMPAIGN_PAGES, type CampaignSlug, type Language, type PoolFee, type PoolItem, type RateItem } from '@hashpool/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import * as repo from './content.repository';
import type { LocalizedText } from './content.tables';

export function pick(text: LocalizedText, lang: Language): string {
  return text[lang] ?? text.en;
}

/** numeric columns come back as strings; write them without trailing zeros ("2.500000" -> "2.5"). */
function plain(value: string): string {
  return new Decimal(value).toFixed();
}

/**
 * The enabled coins of the registry as GET /pools lists them; `fees` by coin replaces the
 * registry's fee_rate (the earnings module's fee table). Seeds read it without fees.
 */
export async function listPools(db: DbOrTx, fees: Map<string, PoolFee> = new Map(), minimums: Map<string, string> = new Map(), stale: ReadonlySet<string> = new Set()): Promise<PoolItem[]> {
  const rows = await repo.listEnabledCoins(db);
  return rows.map((c) => ({
    coin: c.code,
    name: c.name,
    symbol: c.symbol,
    algorithm: c.algorithm,
    precision: c.precision,
    mode: c.mode as PoolItem['mode'],
    fee_rate: plain(fees.get(c.code)?.fee_rate ?? c.feeRate),
    next_fee_rate: fees.get(c.code)?.next_fee_rate ?? null,
    next_fee_from: fees.get(c.code)?.next_fee_from ?? null,
    // The wallet's minimum withdrawal is the one minimum (operators edit it in the coin settings);
    // the registry's min_payout only speaks for a coin the wallet does not hold.
    min_payout: plain(minimums.get(c.code) ?? c.minPayout),
    // A price older than the feed's staleness limit is no price: the figures computed from it wait.
    price_usd: c.priceUsd === null || stale.has(c.code) ? null : plain(c.priceUsd),
    stratum_url: c.stratumUrl,
  }));
}

export class ContentService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Parameters that come from configuration rather than the table. */
    private readonly configParameters: Record<string, string>,
    /**
     * The fee of each coin's default payout method, by coin: the earnings module's fee table
     * (operators edit fees there); coins it does not name show the registry's fee_rate.
     */
    private readonly defaultFeeRates: () => Promise<Map<string, PoolFee>> = async () => new Map(),
    /** Each coin's minimum withdrawal, by coin: the wallet's coin settings (one source of truth). */
    private readonly minWithdrawals?: () => Promise<Map<string, string>>,
    /** The coins whose price is older than the staleness limit (the prices module); none with the demo market. */
    private readonly stalePrices: () => Promise<ReadonlySet<string>> = async () => new Set(),
  ) {}

  /** True when the database answers (the health check). */
  async databaseAnswers(): Promise<boolean> {
    return repo.ping(this.db).then(
      () => true,
      () => false,
    );
  }

  async pools(): Promise<PoolItem[]> {
    const [fees, minimums, stale] = await Promise.all([this.defaultFeeRates(), this.minWithdrawals ? this.minWithdrawals() : new Map<string, string>(), this.stalePrices()]);
    return listPools(this.db, fees, minimums, stale);
  }

  /** A coin's price in USD as the registry holds it; null when unknown or older than the staleness limit. */
  async priceOf(coin: string): Promise<string | null> {
    if ((await this.stalePrices()).has(coin)) return null;
    return repo.coinPriceUsd(this.db, coin);
  }

  /** Every coin's registry price and every currency's rate (the prices module's screen). */
  allPrices() {
    return repo.allPrices(this.db);
  }

  /** Writes the prices and rates the feed or an operator set, in `tx` when given (with its audit entry). */
  writePrices(coinPrices: ReadonlyMap<string, string>, rates: ReadonlyMap<string, string>, tx: DbOrTx = this.db): Promise<void> {
    return repo.writePrices(tx, coinPrices, rates, this.clock.now());
  }

  async parameters(keys?: string[]): Promise<Record<string, string>> {
    const rows = await repo.listPublicParameters(this.db, keys);
    const all = { ...Object.fromEntries(rows.map((r) => [r.key, r.value])), ...this.configParameters };
    return keys ? Object.fromEntries(Object.entries(all).filter(([k]) => keys.includes(k))) : all;
  }

  async footerLinks(lang: Language) {
    const rows = await repo.listFooterLinks(this.db);
    return rows.map((r) => ({ id: r.id, group: r.groupKey, title: pick(r.title, lang), url: r.url }));
  }

  async announcements(lang: Language, page: number, pageSize: number) {
    const { rows, total } = await repo.pageAnnouncements(this.db, this.clock.now(), page, pageSize);
    return {
      list: rows.map((r) => ({
        id: r.id,
        title: pick(r.title, lang),
        summary: pick(r.summary, lang),
        url: r.url,
        published_at: r.publishedAt.toISOString(),
      })),
      total,
    };
  }

  async sliders(lang: Language, position: string) {
    const rows = await repo.listSliders(this.db, position, this.clock.now());
    return rows.map((r) => ({ id: r.id, title: pick(r.title, lang), subtitle: pick(r.subtitle, lang), link: r.link, tone: r.tone, ...imageUrl(r.imageId) }));
  }

  async advertisements(lang: Language) {
    const rows = await repo.listActiveAdvertisements(this.db, this.clock.now());
    return rows.map((r) => ({ id: r.id, position: r.position, title: pick(r.title, lang), text: pick(r.text, lang), link: r.link, ...imageUrl(r.imageId) }));
  }

  /** A campaign page (/sales, /activity/goldshell) in the caller's language; null when none is enabled (an empty page, not an error: the browser would log a 404 on every visit). */
  async campaign(lang: Language, slug: string) {
    const r = await repo.findCampaign(this.db, slug);
    if (!r) return null;
    const now = this.clock.now();
    const state = campaignState(r, now);
    return { slug: r.slug, title: pick(r.title, lang), body: pick(r.body, lang), link: r.link, tone: r.tone, starts_at: r.startsAt?.toISOString() ?? null, ends_at: r.endsAt?.toISOString() ?? null, state };
  }

  /** Joins the running campaign of a page once (again: the first joining); campaign_not_running otherwise. */
  async join(userId: string, slug: string): Promise<{ slug: string; joined_at: string }> {
    const r = await repo.findCampaign(this.db, slug);
    if (!r) throw new AppError('content_not_found');
    const now = this.clock.now();
    if (campaignState(r, now) !== 'running') throw new AppError('campaign_not_running');
    return { slug: r.slug, joined_at: (await repo.joinCampaign(this.db, r.id, userId, now)).toISOString() };
  }

  /** The campaigns the user joined (latest first) with their state now and their page. */
  async joined(userId: string, lang: Language) {
    const now = this.clock.now();
    const rows = await repo.joinedCampaigns(this.db, userId);
    return {
      list: rows.map(({ campaign: c, joinedAt }) => ({
        slug: c.slug,
        title: pick(c.title, lang),
        state: campaignState(c, now),
        starts_at: c.startsAt?.toISOString() ?? null,
        ends_at: c.endsAt?.toISOString() ?? null,
        joined_at: joinedAt.toISOString(),
        page: CAMPAIGN_PAGES[c.slug as CampaignSlug] ?? null,
      })),
    };
  }

  async rates(): Promise<{ rates: RateItem[] }> {
    const rows = await repo.listRates(this.db);
    return { rates: rows.map((r) => ({ currency: r.currency, rate: plain(r.rate), symbol: r.symbol })) };
  }
}

/** Where visitors read a published item's uploaded image; nothing added without one (the public shapes stay). */
function imageUrl(imageId: string | null): { image_url?: string } {
  return imageId ? { image_url: `/api/content/images/${imageId}` } : {};
}

/** A campaign's state from its window. */
function campaignState(c: { startsAt: Date | null; endsAt: Date | null }, now: Date): 'upcoming' | 'running' | 'ended' {
  return c.startsAt && c.startsAt > now ? 'upcoming' : c.endsAt && c.endsAt <= now ? 'ended' : 'running';
}
