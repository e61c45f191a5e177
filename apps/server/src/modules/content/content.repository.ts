// The only code that touches the content tables.
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { advertisements, announcements, campaignParticipants, campaigns, coins, currencyRates, footerLinks, siteParameters, sliders } from './content.tables';

export function listEnabledCoins(db: DbOrTx) {
  return db.select().from(coins).where(eq(coins.enabled, true)).orderBy(asc(coins.sortOrder), asc(coins.code));
}

export function listPublicParameters(db: DbOrTx, keys?: string[]) {
  const isPublic = eq(siteParameters.isPublic, true);
  return db
    .select({ key: siteParameters.key, value: siteParameters.value })
    .from(siteParameters)
    .where(keys ? and(isPublic, inArray(siteParameters.key, keys)) : isPublic);
}

export function listFooterLinks(db: DbOrTx) {
  return db.select().from(footerLinks).where(eq(footerLinks.enabled, true)).orderBy(asc(footerLinks.groupKey), asc(footerLinks.sortOrder), asc(footerLinks.id));
}

export async function pageAnnouncements(db: DbOrTx, now: Date, page: number, pageSize: number) {
  const visible = and(eq(announcements.enabled, true), lte(announcements.publishedAt, now), or(isNull(announcements.endsAt), gt(announcements.endsAt, now)));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(announcements)
      .where(visible)
      .orderBy(desc(announcements.publishedAt), desc(announcements.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count().mapWith(Number) }).from(announcements).where(visible),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export function listSliders(db: DbOrTx, position: string, now: Date) {
  return db
    .select()
    .from(sliders)
    .where(
      and(
        eq(sliders.enabled, true),
        eq(sliders.position, position),
        or(isNull(sliders.startsAt), lte(sliders.startsAt, now)),
        or(isNull(sliders.endsAt), gt(sliders.endsAt, now)),
      ),
    )
    .orderBy(asc(sliders.sortOrder), asc(sliders.id));
}

export function listActiveAdvertisements(db: DbOrTx, now: Date) {
  return db
    .select()
    .from(advertisements)
    .where(
      and(
        eq(advertisements.enabled, true),
        or(isNull(advertisements.startsAt), lte(advertisements.startsAt, now)),
        or(isNull(advertisements.endsAt), gt(advertisements.endsAt, now)),
      ),
    )
    .orderBy(asc(advertisements.sortOrder), asc(advertisements.id));
}

export function listRates(db: DbOrTx) {
  return db.select().from(currencyRates).orderBy(asc(currencyRates.sortOrder), asc(currencyRates.currency));
}

export async function ping(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}

/** A coin's price in USD as the registry holds it, enabled or not (null when unknown or no such coin). */
export async function coinPriceUsd(db: DbOrTx, code: string): Promise<string | null> {
  const [row] = await db.select({ price: coins.priceUsd }).from(coins).where(eq(coins.code, code));
  return row?.price ?? null;
}

/** Writes coin prices (USD) and currency rates (per 1 CNY) that the price feed or an operator set. */
export async function writePrices(tx: DbOrTx, coinPrices: ReadonlyMap<string, string>, rates: ReadonlyMap<string, string>, at: Date): Promise<void> {
  for (const [code, price] of coinPrices) await tx.update(coins).set({ priceUsd: price }).where(eq(coins.code, code));
  for (const [currency, rate] of rates) await tx.update(currencyRates).set({ rate, updatedAt: at }).where(eq(currencyRates.currency, currency));
}

/** Every coin's registry price (enabled or not) and every currency's rate. */
export async function allPrices(db: DbOrTx): Promise<{ coins: Array<{ code: string; price: string | null }>; rates: Array<{ currency: string; rate: string; updatedAt: Date }> }> {
  const [c, r] = await Promise.all([db.select({ code: coins.code, price: coins.priceUsd }).from(coins).orderBy(asc(coins.sortOrder)), listRates(db)]);
  return { coins: c, rates: r.map((x) => ({ currency: x.currency, rate: x.rate, updatedAt: x.updatedAt })) };
}

/** The enabled campaign of a page slug, whatever its window (the page says upcoming or ended). */
export async function findCampaign(db: DbOrTx, slug: string) {
  const [row] = await db.select().from(campaigns).where(and(eq(campaigns.slug, slug), eq(campaigns.enabled, true)));
  return row;
}

/** Joins a campaign once; answers when the user joined (now, or the first time). */
export async function joinCampaign(db: DbOrTx, campaignId: number, userId: string, now: Date): Promise<Date> {
  await db.insert(campaignParticipants).values({ campaignId, userId, joinedAt: now }).onConflictDoNothing();
  const [row] = await db.select().from(campaignParticipants).where(and(eq(campaignParticipants.campaignId, campaignId), eq(campaignParticipants.userId, userId)));
  return row!.joinedAt;
}

/** The campaigns a user joined, latest first. */
export function joinedCampaigns(db: DbOrTx, userId: string) {
  return db
    .select({ campaign: campaigns, joinedAt: campaignParticipants.joinedAt })
    .from(campaignParticipants)
    .innerJoin(campaigns, eq(campaigns.id, campaignParticipants.campaignId))
    .where(eq(campaignParticipants.userId, userId))
    .orderBy(desc(campaignParticipants.joinedAt));
}
