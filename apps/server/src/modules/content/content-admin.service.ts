// The operators' content screens: create, edit, schedule and retire announcements,
// banners (sliders), advertisements and footer links. Texts are per language, English required;
// a language left empty reads English (pick() in content.service.ts) and the editor lists it as
// missing. Every change is in the audit log, in the transaction that makes it. Banners and
// advertisements may carry an uploaded image (platform files: type from the bytes, size-bounded);
// visitors can read an image only while an item using it is published (content.service.ts).
import { CAMPAIGN_SLUGS, LANGUAGES, type AdminContentItem, type ContentItemBody, type ContentKind, type Language } from '@hashpool/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/transaction';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { FileService, UploadRule } from '../../platform/files';
import { AppError } from '../../platform/errors';
import * as repo from './content-admin.repository';
import type { LocalizedText } from './content.tables';

/** Images of banners and advertisements: by their bytes PNG, JPEG or WebP only, at most 2 MB. */
export const CONTENT_IMAGE_RULE: UploadRule = { purpose: 'content_image', allowed: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: 2 * 1024 * 1024 };

/** The languages given (trimmed, non-empty) of a text; English is always there. */
function stored(text: ContentItemBody['title']): LocalizedText {
  const out: LocalizedText = { en: text.en };
  for (const lang of LANGUAGES) {
    const value = text[lang]?.trim();
    if (value) out[lang] = value;
  }
  return out;
}

function missing(...texts: Array<LocalizedText | null>): Language[] {
  return LANGUAGES.filter((lang) => texts.some((t) => t !== null && !t[lang]));
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const within = (now: Date, from: Date | null, to: Date | null) => (!from || from <= now) && (!to || to > now);

export function adminView(item: repo.ContentRow, now: Date): AdminContentItem {
  const base = { id: item.row.id, kind: item.kind, title: item.row.title as Record<string, string>, enabled: item.row.enabled };
  switch (item.kind) {
    case 'announcements': {
      const r = item.row;
      return { ...base, body: r.summary, link: r.url, position: null, group: null, tone: null, image_id: null, sort_order: 0, starts_at: iso(r.publishedAt), ends_at: iso(r.endsAt), live: r.enabled && within(now, r.publishedAt, r.endsAt), is_demo: r.isDemo, missing_languages: missing(r.title, r.summary) };
    }
    case 'sliders': {
      const r = item.row;
      return { ...base, body: r.subtitle, link: r.link, position: r.position, group: null, tone: r.tone, image_id: r.imageId, sort_order: r.sortOrder, starts_at: iso(r.startsAt), ends_at: iso(r.endsAt), live: r.enabled && within(now, r.startsAt, r.endsAt), is_demo: r.isDemo, missing_languages: missing(r.title, r.subtitle) };
    }
    case 'advertisements': {
      const r = item.row;
      return { ...base, body: r.text, link: r.link, position: r.position, group: null, tone: null, image_id: r.imageId, sort_order: r.sortOrder, starts_at: iso(r.startsAt), ends_at: iso(r.endsAt), live: r.enabled && within(now, r.startsAt, r.endsAt), is_demo: r.isDemo, missing_languages: missing(r.title, r.text) };
    }
    case 'footer-links': {
      const r = item.row;
      return { ...base, body: null, link: r.url, position: null, group: r.groupKey, tone: null, image_id: null, sort_order: r.sortOrder, starts_at: null, ends_at: null, live: r.enabled, is_demo: false, missing_languages: missing(r.title) };
    }
    case 'campaigns': {
      const r = item.row;
      return { ...base, body: r.body, link: r.link, position: r.slug, group: null, tone: r.tone, image_id: null, sort_order: 0, starts_at: iso(r.startsAt), ends_at: iso(r.endsAt), live: r.enabled && within(now, r.startsAt, r.endsAt), is_demo: r.isDemo, missing_languages: missing(r.title, r.body) };
    }
  }
}

/** An item's settings as its audit entry writes them (its texts: textChanges). */
function auditedSettings(v: AdminContentItem): Record<string, string> {
  return { link: v.link ?? '', position: v.position ?? '', group: v.group ?? '', tone: v.tone ?? '', image_id: v.image_id ?? '', sort_order: String(v.sort_order), enabled: String(v.enabled), starts_at: v.starts_at ?? '', ends_at: v.ends_at ?? '' };
}

const characters = (text: string | undefined) => [...(text ?? '')].length;

/** The languages whose text differs, each written by `change` (before, after). */
function textChanges(before: Record<string, string> | null | undefined, after: Record<string, string> | null, change: (was: string | undefined, now: string | undefined) => string): string {
  return LANGUAGES.filter((lang) => (before?.[lang] ?? '') !== (after?.[lang] ?? ''))
    .map((lang) => `${lang}: ${change(before?.[lang], after?.[lang])}`)
    .join('; ');
}

/**
 * A save's audit detail: the English title (naming the item), and every field the save changed as
 * "before -> after" (a new item's from nothing). Titles are written per language in full; a body
 * (up to 2000 characters a language) only by its length per changed language, not its words.
 */
function auditDetail(before: AdminContentItem | null, after: AdminContentItem): Record<string, string> {
  const detail: Record<string, string> = { title: after.title.en ?? '' };
  const was = before ? auditedSettings(before) : {};
  for (const [key, value] of Object.entries(auditedSettings(after))) {
    if ((was[key] ?? '') !== value) detail[key] = `${was[key] ?? ''} -> ${value}`;
  }
  const titles = textChanges(before?.title, after.title, (a, b) => `${a ?? ''} -> ${b ?? ''}`);
  if (titles) detail.titles = titles;
  const body = textChanges(before?.body, after.body, (a, b) => `${characters(a)} -> ${characters(b)}`);
  if (body) detail.body = body;
  return detail;
}

export class ContentAdminService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly files: FileService,
  ) {}

  /** An image for a banner or advertisement: PNG, JPEG or WebP by its bytes, at most 2 MB. */
  async uploadImage(request: FastifyRequest, adminId: string): Promise<{ id: string; preview_url: string }> {
    const file = await this.files.receive(request, adminId, CONTENT_IMAGE_RULE);
    return { id: file.id, preview_url: `/api/admin/content/images/${file.id}` };
  }

  /** Sends a content image to anyone while a published banner or advertisement shows it; not_found otherwise. */
  async sendPublishedImage(reply: FastifyReply, id: string): Promise<FastifyReply> {
    const file = await this.files.find(id, CONTENT_IMAGE_RULE.purpose);
    if (!(await repo.imagePublished(this.db, id, this.clock.now()))) throw new AppError('not_found');
    return this.files.send(reply, file);
  }

  /** Sends a content image to an operator (any, published or not: the editor's preview). */
  async sendImage(reply: FastifyReply, id: string): Promise<FastifyReply> {
    return this.files.send(reply, await this.files.find(id, CONTENT_IMAGE_RULE.purpose));
  }

  async list(kind: ContentKind) {
    const now = this.clock.now();
    const rows = await repo.listAll(this.db, kind);
    // Campaigns show how many users joined each.
    const joined = kind === 'campaigns' ? await repo.participantCounts(this.db) : null;
    return { list: rows.map((r) => ({ ...adminView(r, now), ...(joined ? { participants: joined.get(r.row.id) ?? 0 } : {}) })) };
  }

  create(adminId: string, kind: ContentKind, body: ContentItemBody) {
    return this.write(adminId, kind, body);
  }

  update(adminId: string, kind: ContentKind, id: number, body: ContentItemBody) {
    return this.write(adminId, kind, body, id);
  }

  async remove(adminId: string, kind: ContentKind, id: number): Promise<{ id: number }> {
    await inTransaction(this.db, async (tx) => {
      const old = await repo.findOne(tx, kind, id);
      if (!old) throw new AppError('content_not_found');
      await repo.remove(tx, kind, id);
      await this.audit.record({ adminUserId: adminId, action: 'content_delete', target: `${kind}:${id}`, detail: { title: old.row.title.en } }, tx);
    });
    return { id };
  }

  private async write(adminId: string, kind: ContentKind, body: ContentItemBody, id?: number): Promise<AdminContentItem> {
    const values = this.values(kind, body);
    if (body.image_id && (kind === 'sliders' || kind === 'advertisements')) {
      await this.files.find(body.image_id, CONTENT_IMAGE_RULE.purpose).catch(() => {
        throw new AppError('content_image_invalid');
      });
    }
    const now = this.clock.now();
    const saved = await inTransaction(this.db, async (tx) => {
      const old = id === undefined ? undefined : await repo.findOne(tx, kind, id);
      if (id !== undefined && !old) throw new AppError('content_not_found');
      if (values.kind === 'campaigns' && (await repo.campaignBySlug(tx, values.values.slug, id))) throw new AppError('content_slug_taken');
      const savedId = await repo.save(tx, values, id);
      const row = (await repo.findOne(tx, kind, savedId))!;
      await this.audit.record(
        { adminUserId: adminId, action: id === undefined ? 'content_create' : 'content_update', target: `${kind}:${savedId}`, detail: auditDetail(old ? adminView(old, now) : null, adminView(row, now)) },
        tx,
      );
      return row;
    }).catch((error: unknown) => {
      // Two saves of a page's campaign at once both pass the check above; the slug's unique index
      // lets one through.
      if (values.kind === 'campaigns' && isUniqueViolation(error)) throw new AppError('content_slug_taken');
      throw error;
    });
    return adminView(saved, now);
  }

  /** The body as the kind's columns; refuses a window that ends before it starts and a missing text. */
  private values(kind: ContentKind, b: ContentItemBody): repo.ContentValues {
    const startsAt = b.starts_at ? new Date(b.starts_at) : null;
    const endsAt = b.ends_at ? new Date(b.ends_at) : null;
    if (startsAt && endsAt && endsAt <= startsAt) throw new AppError('content_window_invalid');
    const title = stored(b.title);
    const text = () => {
      if (!b.body) throw new AppError('content_body_required');
      return stored(b.body);
    };
    switch (kind) {
      case 'announcements':
        return { kind, values: { title, summary: text(), url: b.link, publishedAt: startsAt ?? this.clock.now(), endsAt, enabled: b.enabled, isDemo: false } };
      case 'sliders':
        return { kind, values: { title, subtitle: text(), link: b.link, position: b.position, tone: b.tone, imageId: b.image_id, sortOrder: b.sort_order, enabled: b.enabled, startsAt, endsAt, isDemo: false } };
      case 'advertisements':
        return { kind, values: { title, text: text(), link: b.link, position: b.position, imageId: b.image_id, sortOrder: b.sort_order, enabled: b.enabled, startsAt, endsAt, isDemo: false } };
      case 'footer-links':
        if (!b.link) throw new AppError('validation_failed', { fields: [{ field: 'body.link', messageKey: 'required' }] });
        return { kind, values: { title, url: b.link, groupKey: b.group, sortOrder: b.sort_order, enabled: b.enabled } };
      case 'campaigns':
        if (!(CAMPAIGN_SLUGS as readonly string[]).includes(b.position)) throw new AppError('validation_failed', { fields: [{ field: 'body.position', messageKey: 'invalid' }] });
        return { kind, values: { slug: b.position, title, body: text(), link: b.link, tone: b.tone, startsAt, endsAt, enabled: b.enabled, isDemo: false } };
    }
  }
}
