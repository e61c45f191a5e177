// SQL of the operators' content screens: every announcement, banner, advertisement and footer
// link, whatever its state or window, and their changes.
import { and, asc, count, desc, eq, gt, isNull, lte, ne, or } from 'drizzle-orm';
import type { ContentKind } from '@hashpool/shared';
import { first, type DbOrTx } from '../../db/client';
import { advertisements, announcements, campaignParticipants, campaigns, footerLinks, sliders } from './content.tables';

export type AnnouncementRow = typeof announcements.$inferSelect;
export type SliderRow = typeof sliders.$inferSelect;
export type AdvertisementRow = typeof advertisements.$inferSelect;
export type FooterLinkRow = typeof footerLinks.$inferSelect;
export type CampaignRow = typeof campaigns.$inferSelect;
export type ContentRow =
  | { kind: 'announcements'; row: AnnouncementRow }
  | { kind: 'sliders'; row: SliderRow }
  | { kind: 'advertisements'; row: AdvertisementRow }
  | { kind: 'footer-links'; row: FooterLinkRow }
  | { kind: 'campaigns'; row: CampaignRow };

export type ContentValues =
  | { kind: 'announcements'; values: Omit<typeof announcements.$inferInsert, 'id'> }
  | { kind: 'sliders'; values: Omit<typeof sliders.$inferInsert, 'id'> }
  | { kind: 'advertisements'; values: Omit<typeof advertisements.$inferInsert, 'id'> }
  | { kind: 'footer-links'; values: Omit<typeof footerLinks.$inferInsert, 'id'> }
  | { kind: 'campaigns'; values: Omit<typeof campaigns.$inferInsert, 'id'> };

export async function listAll(db: DbOrTx, kind: ContentKind): Promise<ContentRow[]> {
  switch (kind) {
    case 'announcements':
      return (await db.select().from(announcements).orderBy(desc(announcements.publishedAt), desc(announcements.id))).map((row) => ({ kind, row }));
    case 'sliders':
      return (await db.select().from(sliders).orderBy(asc(sliders.position), asc(sliders.sortOrder), asc(sliders.id))).map((row) => ({ kind, row }));
    case 'advertisements':
      return (await db.select().from(advertisements).orderBy(asc(advertisements.position), asc(advertisements.sortOrder), asc(advertisements.id))).map((row) => ({ kind, row }));
    case 'footer-links':
      return (await db.select().from(footerLinks).orderBy(asc(footerLinks.groupKey), asc(footerLinks.sortOrder), asc(footerLinks.id))).map((row) => ({ kind, row }));
    case 'campaigns':
      return (await db.select().from(campaigns).orderBy(asc(campaigns.slug))).map((row) => ({ kind, row }));
  }
}

export async function findOne(db: DbOrTx, kind: ContentKind, id: number): Promise<ContentRow | undefined> {
  switch (kind) {
    case 'announcements': {
      const row = await first(db.select().from(announcements).where(eq(announcements.id, id)).for('update'));
      return row && { kind, row };
    }
    case 'sliders': {
      const row = await first(db.select().from(sliders).where(eq(sliders.id, id)).for('update'));
      return row && { kind, row };
    }
    case 'advertisements': {
      const row = await first(db.select().from(advertisements).where(eq(advertisements.id, id)).for('update'));
      return row && { kind, row };
    }
    case 'footer-links': {
      const row = await first(db.select().from(footerLinks).where(eq(footerLinks.id, id)).for('update'));
      return row && { kind, row };
    }
    case 'campaigns': {
      const row = await first(db.select().from(campaigns).where(eq(campaigns.id, id)).for('update'));
      return row && { kind, row };
    }
  }
}

/** Inserts (id undefined) or updates one item; answers its id. */
export async function save(db: DbOrTx, v: ContentValues, id?: number): Promise<number> {
  switch (v.kind) {
    case 'announcements': {
      const [row] = id === undefined
        ? await db.insert(announcements).values(v.values).returning({ id: announcements.id })
        : await db.update(announcements).set(v.values).where(eq(announcements.id, id)).returning({ id: announcements.id });
      return row!.id;
    }
    case 'sliders': {
      const [row] = id === undefined
        ? await db.insert(sliders).values(v.values).returning({ id: sliders.id })
        : await db.update(sliders).set(v.values).where(eq(sliders.id, id)).returning({ id: sliders.id });
      return row!.id;
    }
    case 'advertisements': {
      const [row] = id === undefined
        ? await db.insert(advertisements).values(v.values).returning({ id: advertisements.id })
        : await db.update(advertisements).set(v.values).where(eq(advertisements.id, id)).returning({ id: advertisements.id });
      return row!.id;
    }
    case 'footer-links': {
      const [row] = id === undefined
        ? await db.insert(footerLinks).values(v.values).returning({ id: footerLinks.id })
        : await db.update(footerLinks).set(v.values).where(eq(footerLinks.id, id)).returning({ id: footerLinks.id });
      return row!.id;
    }
    case 'campaigns': {
      const [row] = id === undefined
        ? await db.insert(campaigns).values(v.values).returning({ id: campaigns.id })
        : await db.update(campaigns).set(v.values).where(eq(campaigns.id, id)).returning({ id: campaigns.id });
      return row!.id;
    }
  }
}

export async function remove(db: DbOrTx, kind: ContentKind, id: number): Promise<void> {
  const table = { announcements, sliders, advertisements, 'footer-links': footerLinks, campaigns }[kind];
  await db.delete(table).where(eq(table.id, id));
}

/** The campaign of a page slug, other than `exceptId` (a second campaign for a page is refused). */
export function campaignBySlug(db: DbOrTx, slug: string, exceptId?: number): Promise<CampaignRow | undefined> {
  return first(db.select().from(campaigns).where(and(eq(campaigns.slug, slug), exceptId === undefined ? undefined : ne(campaigns.id, exceptId))));
}

/** Whether a published (enabled, inside its window) banner or advertisement shows the image. */
export async function imagePublished(db: DbOrTx, imageId: string, now: Date): Promise<boolean> {
  const live = (t: typeof sliders | typeof advertisements) =>
    db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.imageId, imageId), eq(t.enabled, true), or(isNull(t.startsAt), lte(t.startsAt, now)), or(isNull(t.endsAt), gt(t.endsAt, now))))
      .limit(1);
  const [a, b] = await Promise.all([live(sliders), live(advertisements)]);
  return a.length + b.length > 0;
}

/** How many users joined each campaign. */
export async function participantCounts(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await db.select({ id: campaignParticipants.campaignId, n: count().mapWith(Number) }).from(campaignParticipants).groupBy(campaignParticipants.campaignId);
  return new Map(rows.map((r) => [r.id, r.n]));
}
