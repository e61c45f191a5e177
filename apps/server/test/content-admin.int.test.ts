// The operators' content editor through HTTP, what it refuses and what it records: every field an
// edit changes is in the audit log (a body by its length, not its words); a link may not lead to
// another site by a second slash or a backslash; a date the database cannot store, a footer link
// without its link and a campaign of no page are 400s naming the field; two campaigns of one page
// created at once leave one, the other answered content_slug_taken.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type AdminContentItem, type Tokens } from '@hashpool/shared';
import { auth, inject, registerByEmail, uniqueEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

let t: TestApp;
const inbox = new SmtpInbox();
const ADMIN = uniqueEmail('content-operator');
let admin: { tokens: Tokens };

beforeAll(async () => {
  t = await startTestApp({ env: { SMTP_URL: await inbox.start(), ALTCHA_COST: '1', ADMIN_EMAILS: ADMIN, ACCESS_TOKEN_TTL_SECONDS: '3600' } });
  admin = await registerByEmail(t.app, inbox, ADMIN);
});
afterAll(async () => {
  await t?.close();
  await inbox.stop();
});

const save = (kind: string, payload: Record<string, unknown>, id?: number) =>
  inject(t.app, { method: id ? 'PUT' : 'POST', url: `/api/admin/content/${kind}${id ? `/${id}` : ''}`, headers: auth(admin.tokens), payload });
const saved = async (kind: string, payload: Record<string, unknown>, id?: number) => {
  const res = await save(kind, payload, id);
  expect(res.statusCode, res.body).toBe(200);
  return body<AdminContentItem>(res).data;
};
/** The audit entries of an item, oldest first. */
const auditOf = async (target: string) => {
  const list = body<{ list: Array<{ action: string; target: string; detail: Record<string, string> }> }>(await inject(t.app, { url: '/api/admin/audit-log?page_size=100', headers: auth(admin.tokens) })).data.list;
  return list.filter((e) => e.target === target).reverse().map(({ action, detail }) => ({ action, detail }));
};
const fields = (res: { body: string }) => body<{ fields: Array<{ field: string; message_key: string }> }>(res).data.fields;

describe('the audit of a content save', () => {
  it('records every field an edit changes, before -> after, and a body by its length per language', async () => {
    const item = await saved('sliders', { title: { en: 'Autumn' }, body: { en: 'Hashrate sale' }, position: 'home', link: '/pool/btc/stat', sort_order: 5 });
    await saved('sliders', { title: { en: 'Autumn', ja: '秋' }, body: { en: 'Hashrate sale, 10 % off', 'zh-CN': '算力促销' }, position: 'hero', link: '/pool/ltc/stat', sort_order: 5, tone: 'green' }, item.id);
    // Unchanged: nothing but the title that names the item.
    await saved('sliders', { title: { en: 'Autumn', ja: '秋' }, body: { en: 'Hashrate sale, 10 % off', 'zh-CN': '算力促销' }, position: 'hero', link: '/pool/ltc/stat', sort_order: 5, tone: 'green' }, item.id);
    const audit = await auditOf(`sliders:${item.id}`);
    expect(JSON.stringify(audit)).not.toContain('Hashrate sale');
    expect(audit).toEqual([
      {
        action: 'content_create',
        detail: { title: 'Autumn', link: ' -> /pool/btc/stat', position: ' -> home', tone: ' -> blue', sort_order: ' -> 5', enabled: ' -> true', titles: 'en:  -> Autumn', body: 'en: 0 -> 13' },
      },
      {
        action: 'content_update',
        detail: { title: 'Autumn', link: '/pool/btc/stat -> /pool/ltc/stat', position: 'home -> hero', tone: 'blue -> green', titles: 'ja:  -> 秋', body: 'en: 13 -> 23; zh-CN: 0 -> 4' },
      },
      { action: 'content_update', detail: { title: 'Autumn' } },
    ]);

    const link = await saved('footer-links', { title: { en: 'Status' }, group: 'support', link: '/status' });
    await saved('footer-links', { title: { en: 'Service status' }, group: 'about', link: '/status-page', enabled: false }, link.id);
    expect((await auditOf(`footer-links:${link.id}`)).at(-1)!.detail).toEqual({
      title: 'Service status',
      link: '/status -> /status-page',
      group: 'support -> about',
      enabled: 'true -> false',
      titles: 'en: Status -> Service status',
    });
  });
});

describe('what the editor refuses', () => {
  it('a link that leaves the site by a second slash or a backslash (protocol-relative)', async () => {
    for (const bad of ['//evil.example/x', '/\\evil.example/x', '/\\/evil.example']) {
      const res = await save('footer-links', { title: { en: 'x' }, link: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(fields(res), bad).toContainEqual(expect.objectContaining({ field: 'body.link', message_key: 'invalid' }));
    }
    // A path of ours with a double slash further on is still ours.
    expect((await saved('footer-links', { title: { en: 'Docs' }, link: '/help//faq' })).link).toBe('/help//faq');
  });

  it('a date the database cannot store, naming the field, instead of a 500', async () => {
    for (const [field, value] of [['starts_at', '0000-01-01T00:00:00Z'], ['ends_at', '9999-12-31T23:59:59Z'], ['starts_at', '2008-12-31T23:59:59+00:00']] as const) {
      const res = await save('sliders', { title: { en: 'x' }, body: { en: 'y' }, [field]: value });
      expect(res.statusCode, `${field} ${value}: ${res.body}`).toBe(400);
      expect(fields(res)).toEqual([expect.objectContaining({ field: `body.${field}`, message_key: 'date_range' })]);
    }
    expect(fields(await save('sliders', { title: { en: 'x' }, body: { en: 'y' }, starts_at: 'soon' }))).toEqual([expect.objectContaining({ field: 'body.starts_at', message_key: 'invalid' })]);
  });

  it('a footer link without its link and a campaign of no page, naming the field', async () => {
    for (const payload of [{ link: null }, {}]) {
      const res = await save('footer-links', { title: { en: 'Status' }, group: 'support', ...payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(fields(res)).toEqual([expect.objectContaining({ field: 'body.link', message_key: 'required' })]);
    }
    const res = await save('campaigns', { title: { en: 'Nowhere' }, body: { en: 'x' }, position: 'no-such-page' });
    expect(res.statusCode, res.body).toBe(400);
    expect(fields(res)).toEqual([expect.objectContaining({ field: 'body.position', message_key: 'invalid' })]);
  });
});

describe('campaigns of one page created at once', () => {
  it('leave one; the others answer content_slug_taken, not a 500', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => save('campaigns', { title: { en: `Goldshell ${i}` }, body: { en: 'x' }, position: 'goldshell' })));
    expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join('\n')).toEqual([200, 409, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.statusCode !== 200)) expect(body(res).code).toBe(ERRORS.content_slug_taken.code);
    const list = body<{ list: AdminContentItem[] }>(await inject(t.app, { url: '/api/admin/content/campaigns', headers: auth(admin.tokens) })).data.list;
    expect(list.filter((c) => c.position === 'goldshell')).toHaveLength(1);
    // Moved to another page: the audit names both.
    const campaign = list.find((c) => c.position === 'goldshell')!;
    await saved('campaigns', { title: campaign.title, body: { en: 'x' }, position: 'sales' }, campaign.id);
    expect((await auditOf(`campaigns:${campaign.id}`)).at(-1)!.detail).toEqual({ title: campaign.title.en, position: 'goldshell -> sales' });
  });
});
