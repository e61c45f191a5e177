// The operators' content screens through HTTP: create, schedule, edit and retire
// announcements, banners, advertisements and footer links with texts per language (a missing
// language reads English), the public calls' unchanged shapes, the audit log, and access; images of
// banners and advertisements (typed by their bytes, a renamed executable refused, public only while
// a published item shows them).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type AdminContentItem, type Tokens } from '@hashpool/shared';
import { auth, inject, registerByEmail, signatureHeaders, uniqueEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

let t: TestApp;
const inbox = new SmtpInbox();
const ADMIN = uniqueEmail('operator');
let admin: { tokens: Tokens };

let uploads: string;

beforeAll(async () => {
  uploads = mkdtempSync(path.join(tmpdir(), 'hashpool-content-'));
  t = await startTestApp({ env: { SMTP_URL: await inbox.start(), ALTCHA_COST: '1', ADMIN_EMAILS: ADMIN, ACCESS_TOKEN_TTL_SECONDS: '3600', UPLOAD_DIR: uploads } });
  admin = await registerByEmail(t.app, inbox, ADMIN);
});
afterAll(async () => {
  await t?.close();
  await inbox.stop();
  rmSync(uploads, { recursive: true, force: true });
});

const asAdmin = () => auth(admin.tokens);
const save = (kind: string, payload: Record<string, unknown>, id?: number) =>
  inject(t.app, { method: id ? 'PUT' : 'POST', url: `/api/admin/content/${kind}${id ? `/${id}` : ''}`, headers: asAdmin(), payload });
const pub = (url: string, lang = 'en') => t.app.inject({ url, headers: { lang } });

describe('announcements', () => {
  it('publishes in two languages; others read English; the editor lists the missing ones', async () => {
    const res = await save('announcements', { title: { en: 'Fee holiday', 'zh-CN': '手续费假期' }, body: { en: 'No fee this weekend.', 'zh-CN': '本周末免手续费。' }, link: '/pool/btc/stat' });
    expect(res.statusCode, res.body).toBe(200);
    const item = body<AdminContentItem>(res).data;
    expect(item.missing_languages).toEqual(['ru-RU', 'ja', 'ko']);
    expect(item.live).toBe(true);
    const zh = body<{ list: Array<{ id: number; title: string; summary: string; url: string | null; published_at: string }> }>(await pub('/api/media/announcement/list', 'zh-CN')).data.list;
    expect(zh[0]).toEqual({ id: item.id, title: '手续费假期', summary: '本周末免手续费。', url: '/pool/btc/stat', published_at: t.clock.now().toISOString() });
    const ja = body<{ list: Array<{ id: number; title: string }> }>(await pub('/api/media/announcement/list', 'ja')).data.list;
    expect(ja[0]!.title).toBe('Fee holiday');
  });

  it('schedules: not shown before its start or after its end; retiring hides it', async () => {
    const now = t.clock.now().getTime();
    const later = await save('announcements', { title: { en: 'Scheduled' }, body: { en: 'Later' }, starts_at: new Date(now + 600_000).toISOString(), ends_at: new Date(now + 1_200_000).toISOString() });
    const item = body<AdminContentItem>(later).data;
    expect(item.live).toBe(false);
    const titles = async () => body<{ list: Array<{ title: string }> }>(await pub('/api/media/announcement/list?page_size=100')).data.list.map((a) => a.title);
    expect(await titles()).not.toContain('Scheduled');
    t.clock.advance(600_000 + 1);
    expect(await titles()).toContain('Scheduled');
    t.clock.advance(600_000);
    expect(await titles()).not.toContain('Scheduled');
    const bad = await save('announcements', { title: { en: 'x' }, body: { en: 'y' }, starts_at: new Date(now).toISOString(), ends_at: new Date(now - 1).toISOString() });
    expect(body(bad).code).toBe(ERRORS.content_window_invalid.code);
    expect(body(await save('announcements', { title: { en: 'no body' } })).code).toBe(ERRORS.content_body_required.code);
  });
});

describe('banners, advertisements and footer links', () => {
  it('creates, orders, disables and deletes; the public shapes stay', async () => {
    const a = body<AdminContentItem>(await save('sliders', { title: { en: 'Second' }, body: { en: 'sub' }, position: 'home', sort_order: 200, tone: 'green' })).data;
    const b = body<AdminContentItem>(await save('sliders', { title: { en: 'First' }, body: { en: 'sub' }, position: 'home', sort_order: 150 })).data;
    let sliders = body<Array<Record<string, unknown>>>(await pub('/api/sliders?position=home')).data;
    expect(sliders.map((s) => s.title).slice(-2)).toEqual(['First', 'Second']);
    expect(Object.keys(sliders[0]!).sort()).toEqual(['id', 'link', 'subtitle', 'title', 'tone']);
    await save('sliders', { title: { en: 'Second' }, body: { en: 'sub' }, position: 'home', sort_order: 200, enabled: false }, a.id);
    sliders = body<Array<Record<string, unknown>>>(await pub('/api/sliders?position=home')).data;
    expect(sliders.map((s) => s.id)).not.toContain(a.id);
    expect((await inject(t.app, { method: 'DELETE', url: `/api/admin/content/sliders/${b.id}`, headers: asAdmin() })).statusCode).toBe(200);
    expect(body(await inject(t.app, { method: 'DELETE', url: `/api/admin/content/sliders/${b.id}`, headers: asAdmin() })).code).toBe(ERRORS.content_not_found.code);

    const ad = body<AdminContentItem>(await save('advertisements', { title: { en: 'New S21 hosting' }, body: { en: 'Hosting from 0.06 USD/kWh' }, position: 'home', link: 'https://example.com/hosting' })).data;
    expect(body<Array<{ id: number }>>(await pub('/api/advertisements')).data.map((x) => x.id)).toContain(ad.id);

    const link = body<AdminContentItem>(await save('footer-links', { title: { en: 'Status page', ko: '상태 페이지' }, group: 'support', link: '/status', sort_order: 9 })).data;
    const ko = body<Array<{ id: number; title: string; group: string }>>(await pub('/api/media/footer-link/list', 'ko')).data;
    expect(ko.find((l) => l.id === link.id)).toEqual({ id: link.id, group: 'support', title: '상태 페이지', url: '/status' });
    // A link must be ours or https; no script URLs.
    expect((await save('footer-links', { title: { en: 'x' }, link: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await save('footer-links', { title: { en: 'x' }, link: 'http://plain.example' })).statusCode).toBe(400);
    expect((await save('sliders', { title: { en: '' }, body: { en: 'x' } })).statusCode).toBe(400);

    const all = body<{ list: AdminContentItem[] }>(await inject(t.app, { url: '/api/admin/content/sliders', headers: asAdmin() })).data.list;
    expect(all.find((s) => s.id === a.id)).toMatchObject({ enabled: false, live: false });
    const audit = body<{ list: Array<{ action: string; target: string }> }>(await inject(t.app, { url: '/api/admin/audit-log?page_size=100', headers: asAdmin() })).data.list;
    expect(audit.filter((e) => e.target === `sliders:${b.id}`).map((e) => e.action).sort()).toEqual(['content_create', 'content_delete']);
  });

  it('campaign pages: one per page, in the caller language, upcoming, running and ended by their window', async () => {
    // No campaign: an empty answer, not a 404 the browser logs on every visit.
    const none = await pub('/api/campaigns/sales');
    expect(none.statusCode).toBe(200);
    expect(body(none).data).toBeNull();
    const now = t.clock.now().getTime();
    const item = body<AdminContentItem>(await save('campaigns', { title: { en: 'Winter sale', 'ru-RU': 'Зимняя распродажа' }, body: { en: 'Miners at cost.' }, position: 'sales', link: '/miners', tone: 'purple', starts_at: new Date(now + 60_000).toISOString(), ends_at: new Date(now + 120_000).toISOString() })).data;
    expect(item).toMatchObject({ position: 'sales', live: false, missing_languages: ['zh-CN', 'ru-RU', 'ja', 'ko'] });
    const page = async (lang = 'en') => body<{ title: string; body: string; state: string; link: string }>(await pub('/api/campaigns/sales', lang)).data;
    expect(await page()).toMatchObject({ title: 'Winter sale', body: 'Miners at cost.', state: 'upcoming', link: '/miners' });
    expect((await page('ru-RU')).title).toBe('Зимняя распродажа');
    t.clock.advance(60_001);
    expect((await page()).state).toBe('running');
    t.clock.advance(60_000);
    expect((await page()).state).toBe('ended');
    expect(body(await save('campaigns', { title: { en: 'Another' }, body: { en: 'x' }, position: 'sales' })).code).toBe(ERRORS.content_slug_taken.code);
    expect((await save('campaigns', { title: { en: 'Nowhere' }, body: { en: 'x' }, position: 'home' })).statusCode).toBe(400);
    expect((await pub('/api/campaigns/unknown')).statusCode).toBe(400);
    await save('campaigns', { title: { en: 'Winter sale' }, body: { en: 'Miners at cost.' }, position: 'sales', enabled: false }, item.id);
    expect(body(await pub('/api/campaigns/sales')).data).toBeNull();
  });

  it('only operators reach the editor', async () => {
    const user = await registerByEmail(t.app, inbox);
    expect((await inject(t.app, { url: '/api/admin/content/announcements', headers: auth(user.tokens) })).statusCode).toBe(403);
    expect((await inject(t.app, { method: 'POST', url: '/api/admin/content/announcements', headers: auth(user.tokens), payload: { title: { en: 'x' }, body: { en: 'y' } } })).statusCode).toBe(403);
    expect((await inject(t.app, { url: '/api/admin/content/announcements' })).statusCode).toBe(401);
    expect((await inject(t.app, { url: '/api/admin/content/pages', headers: asAdmin() })).statusCode).toBe(400);
  });
});

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6a3a60000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000b800000000000000400000000000000000000000000000000000000000000000000000000000000000000000800000000e1fba0e00b409cd21b8014ccd21546869732070726f6772616d2063616e6e6f742062652072756e20696e20444f53206d6f64652e', 'hex'), Buffer.alloc(512)]);

function uploadImage(tokens: Tokens | null, name: string, bytes: Buffer) {
  const boundary = '----hashpool-content-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({ method: 'POST', url: '/api/admin/content/images', payload, headers: { ...signatureHeaders(t.app, {}), ...(tokens ? auth(tokens) : {}), 'content-type': `multipart/form-data; boundary=${boundary}` } });
}

describe('images of banners and advertisements', () => {
  it('takes PNG, JPEG or WebP by their bytes only, previews them to operators, and serves them publicly only while a published item shows them', async () => {
    // Refused: a renamed executable, a PDF, nothing, too large; anonymous and users.
    const exe = await uploadImage(admin.tokens, 'banner.png', EXE);
    expect(exe.statusCode).toBe(415);
    expect(body(exe).code).toBe(ERRORS.upload_type_refused.code);
    expect(body(await uploadImage(admin.tokens, 'banner.pdf', PDF)).code).toBe(ERRORS.upload_type_refused.code);
    const big = await uploadImage(admin.tokens, 'big.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(body(big).code).toBe(ERRORS.upload_too_large.code);
    expect((await uploadImage(null, 'x.png', PNG)).statusCode).toBe(401);
    const user = await registerByEmail(t.app, inbox);
    expect((await uploadImage(user.tokens, 'x.png', PNG)).statusCode).toBe(403);

    const up = await uploadImage(admin.tokens, 'banner.png', PNG);
    expect(up.statusCode, up.body).toBe(200);
    const image = body<{ id: string; preview_url: string }>(up).data;
    expect(image.preview_url).toBe(`/api/admin/content/images/${image.id}`);
    // The operator's preview, before anything shows it; nobody else reads it yet.
    const preview = await inject(t.app, { url: image.preview_url, headers: asAdmin() });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
    expect(preview.rawPayload.equals(PNG)).toBe(true);
    expect((await inject(t.app, { url: image.preview_url, headers: auth(user.tokens) })).statusCode).toBe(403);
    expect((await pub(`/api/content/images/${image.id}`)).statusCode).toBe(404);

    // A disabled banner with it: still not public. Enabled: public, and the banner names it.
    const saved = await save('sliders', { title: { en: 'Pictured' }, body: { en: 'With an image' }, position: 'imgtest', image_id: image.id, enabled: false });
    expect(saved.statusCode, saved.body).toBe(200);
    const item = body<AdminContentItem>(saved).data;
    expect(item.image_id).toBe(image.id);
    expect((await pub(`/api/content/images/${image.id}`)).statusCode).toBe(404);
    await save('sliders', { title: { en: 'Pictured' }, body: { en: 'With an image' }, position: 'imgtest', image_id: image.id }, item.id);
    const served = await pub(`/api/content/images/${image.id}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const sliders = body<Array<{ id: number; image_url: string | null }>>(await pub('/api/sliders?position=imgtest')).data;
    expect(sliders).toEqual([expect.objectContaining({ id: item.id, image_url: `/api/content/images/${image.id}` })]);
    // Retired (past its end): private again. An unknown image id is refused.
    await save('sliders', { title: { en: 'Pictured' }, body: { en: 'With an image' }, position: 'imgtest', image_id: image.id, ends_at: new Date(t.clock.now().getTime() - 1000).toISOString(), starts_at: new Date(t.clock.now().getTime() - 5000).toISOString() }, item.id);
    expect((await pub(`/api/content/images/${image.id}`)).statusCode).toBe(404);
    expect(body(await save('advertisements', { title: { en: 'Ad' }, body: { en: 'x' }, position: 'home', image_id: '00000000-0000-4000-8000-000000000000' })).code).toBe(ERRORS.content_image_invalid.code);
    const ad = await save('advertisements', { title: { en: 'Ad' }, body: { en: 'x' }, position: 'home', image_id: image.id });
    expect(ad.statusCode, ad.body).toBe(200);
    expect((await pub(`/api/content/images/${image.id}`)).statusCode).toBe(200);
  });
});

describe('joining campaigns', () => {
  it('joins a running campaign once, refuses outside its window, lists it with its state, and counts participants for operators', async () => {
    const now = t.clock.now().getTime();
    const list = body<{ list: AdminContentItem[] }>(await inject(t.app, { url: '/api/admin/content/campaigns', headers: asAdmin() })).data.list;
    const existing = list.find((c) => c.position === 'goldshell');
    const saved = await save('campaigns', { title: { en: 'Goldshell week', 'zh-CN': '金贝周' }, body: { en: 'Join us.' }, position: 'goldshell', link: '/miners', starts_at: new Date(now + 60_000).toISOString(), ends_at: new Date(now + 180_000).toISOString() }, existing?.id);
    expect(saved.statusCode, saved.body).toBe(200);
    const item = body<AdminContentItem>(saved).data;
    const [a, b] = [await registerByEmail(t.app, inbox), await registerByEmail(t.app, inbox)];
    const join = (u: { tokens: Tokens }) => inject(t.app, { method: 'POST', url: '/api/campaigns/goldshell/join', headers: auth(u.tokens) });
    const mine = async (u: { tokens: Tokens }, lang = 'en') =>
      body<{ list: Array<{ slug: string; title: string; state: string; page: string | null; joined_at: string }> }>(await inject(t.app, { url: '/api/user/campaigns', headers: { ...auth(u.tokens), lang } })).data.list;
    // Upcoming: refused; logged out: 401; another page without a campaign: not found.
    expect(body(await join(a)).code).toBe(ERRORS.campaign_not_running.code);
    expect((await inject(t.app, { method: 'POST', url: '/api/campaigns/goldshell/join' })).statusCode).toBe(401);
    expect(await mine(a)).toEqual([]);
    // Running: joined once; again answers the first time.
    t.clock.advance(60_001);
    const first = await join(a);
    expect(first.statusCode, first.body).toBe(200);
    const joinedAt = body<{ joined_at: string }>(first).data.joined_at;
    t.clock.advance(1_000);
    expect(body<{ joined_at: string }>(await join(a)).data.joined_at).toBe(joinedAt);
    expect((await join(b)).statusCode).toBe(200);
    expect(await mine(a, 'zh-CN')).toEqual([{ slug: 'goldshell', title: '金贝周', state: 'running', starts_at: new Date(now + 60_000).toISOString(), ends_at: new Date(now + 180_000).toISOString(), joined_at: joinedAt, page: '/activity/goldshell' }]);
    const count = async () => body<{ list: AdminContentItem[] }>(await inject(t.app, { url: '/api/admin/content/campaigns', headers: asAdmin() })).data.list.find((c) => c.id === item.id)!.participants;
    expect(await count()).toBe(2);
    // Ended: refused, and listed as ended.
    t.clock.advance(120_000);
    expect(body(await join(b)).code).toBe(ERRORS.campaign_not_running.code);
    expect((await mine(a))[0]!.state).toBe('ended');
    expect(await count()).toBe(2);
  });
});

describe('site parameters', () => {
  const setParameter = (payload: Record<string, unknown>, headers = asAdmin()) => inject(t.app, { method: 'PUT', url: '/api/admin/parameters', headers, payload });
  const fields = (res: { body: string }) => body<{ fields: Array<{ field: string; message_key: string }> }>(res).data.fields;

  it('an admin changes the site name: the public call answers the new name at once, audited with the reason', async () => {
    const list = body<{ list: Array<{ key: string; value: string }> }>(await inject(t.app, { url: '/api/admin/parameters', headers: asAdmin() })).data.list;
    expect(list.map((p) => p.key)).toEqual(['site_name', 'support_email', 'app_download_url']);
    const old = list.find((p) => p.key === 'site_name')!.value;
    const res = await setParameter({ key: 'site_name', value: '  Example Pool ', reason: 'rebrand' });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ key: string; value: string; updated_at: string }>(res).data).toEqual({ key: 'site_name', value: 'Example Pool', updated_at: t.clock.now().toISOString() });
    expect(body<Record<string, string>>(await pub('/api/parameters?keys=site_name')).data).toEqual({ site_name: 'Example Pool' });
    const log = body<{ list: Array<{ action: string; target: string; detail: Record<string, string> }> }>(await inject(t.app, { url: '/api/admin/audit-log', headers: asAdmin() })).data.list;
    expect(log[0]).toMatchObject({ action: 'site_parameter_update', target: 'site_parameter:site_name', detail: { from: old, to: 'Example Pool', reason: 'rebrand' } });
    // Empty download page: the download page then offers only the website.
    expect((await setParameter({ key: 'app_download_url', value: '', reason: 'no apps' })).statusCode).toBe(200);
    expect(body<Record<string, string>>(await pub('/api/parameters?keys=app_download_url')).data).toEqual({ app_download_url: '' });
  });

  it('refuses a value that breaks its key\'s rule, an unknown key and a missing reason, and changes nothing', async () => {
    const before = body<Record<string, string>>(await pub('/api/parameters')).data;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ key: 'support_email', value: 'not-an-email', reason: 'x' }, 'body.value', 'email_format'],
      [{ key: 'app_download_url', value: 'http://example.com/apps', reason: 'x' }, 'body.value', 'invalid'],
      [{ key: 'app_download_url', value: 'javascript:alert(1)', reason: 'x' }, 'body.value', 'invalid'],
      [{ key: 'site_name', value: '   ', reason: 'x' }, 'body.value', 'required'],
      [{ key: 'site_name', value: 'x'.repeat(41), reason: 'x' }, 'body.value', 'too_long'],
      [{ key: 'site_name', value: 'Pool', reason: ' ' }, 'body.reason', 'reason_required'],
    ];
    for (const [payload, field, key] of cases) {
      const res = await setParameter(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(fields(res), JSON.stringify(payload)).toContainEqual(expect.objectContaining({ field, message_key: key }));
    }
    expect((await setParameter({ key: 'request_sign_key', value: 'x', reason: 'x' })).statusCode).toBe(400);
    expect(body<Record<string, string>>(await pub('/api/parameters')).data).toEqual(before);
  });

  it('is for admins only', async () => {
    const miner = await registerByEmail(t.app, inbox);
    expect((await setParameter({ key: 'site_name', value: 'Mine', reason: 'x' }, auth(miner.tokens))).statusCode).toBe(403);
    expect((await inject(t.app, { url: '/api/admin/parameters' })).statusCode).toBe(401);
  });
});

describe('coin list', () => {
  type Coin = { code: string; enabled: boolean; sort_order: number; stratum_url: string };
  const coinsOf = async () => body<{ list: Coin[] }>(await inject(t.app, { url: '/api/admin/coins', headers: asAdmin() })).data.list;
  const setCoin = (code: string, payload: Record<string, unknown>) => inject(t.app, { method: 'PUT', url: `/api/admin/coins/${code}`, headers: asAdmin(), payload });
  const listed = async () => body<Array<{ coin: string; stratum_url: string }>>(await pub('/api/pools')).data.map((p) => p.coin);

  it('hides a coin from the site, moves it and changes its stratum address, at once and audited', async () => {
    const btc = (await coinsOf()).find((c) => c.code === 'btc')!;
    expect(await listed()).toContain('btc');
    const res = await setCoin('btc', { enabled: false, sort_order: 500, stratum_url: 'stratum+tcp://btc.pool.example.com:3333', reason: 'node upgrade' });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<Coin>(res).data).toMatchObject({ code: 'btc', enabled: false, sort_order: 500, stratum_url: 'stratum+tcp://btc.pool.example.com:3333' });
    expect(await listed()).not.toContain('btc');
    const log = body<{ list: Array<{ action: string; target: string; detail: Record<string, string> }> }>(await inject(t.app, { url: '/api/admin/audit-log', headers: asAdmin() })).data.list;
    expect(log[0]).toMatchObject({ action: 'coin_listing_update', target: 'coin:btc', detail: { enabled: 'true -> false', sort_order: `${btc.sort_order} -> 500`, reason: 'node upgrade' } });
    expect((await setCoin('btc', { enabled: true, sort_order: btc.sort_order, stratum_url: btc.stratum_url, reason: 'back' })).statusCode).toBe(200);
    expect(await listed()).toContain('btc');
  });

  it('refuses a bad stratum address, an unknown coin and hiding the last listed coin; changes nothing', async () => {
    const before = await coinsOf();
    const ltc = before.find((c) => c.code === 'ltc')!;
    const bad = await setCoin('ltc', { enabled: true, sort_order: 1, stratum_url: 'http://ltc.example.com', reason: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(body<{ fields: Array<{ field: string; message_key: string }> }>(bad).data.fields).toContainEqual(expect.objectContaining({ field: 'body.stratum_url', message_key: 'invalid' }));
    expect((await setCoin('nosuchcoin', { enabled: true, sort_order: 1, stratum_url: ltc.stratum_url, reason: 'x' })).statusCode).toBe(400);
    expect((await setCoin('ltc', { enabled: true, sort_order: -1, stratum_url: ltc.stratum_url, reason: 'x' })).statusCode).toBe(400);
    // Hide every coin but LTC and BTC, then both at once: one is refused as the last listed (two
    // admins hiding one each must not leave none); everything listed again afterwards.
    const others = before.filter((c) => c.enabled && c.code !== 'ltc' && c.code !== 'btc');
    const btc = before.find((c) => c.code === 'btc')!;
    try {
      for (const c of others) expect((await setCoin(c.code, { enabled: false, sort_order: c.sort_order, stratum_url: c.stratum_url, reason: 'test' })).statusCode).toBe(200);
      const both = await Promise.all([ltc, btc].map((c) => setCoin(c.code, { enabled: false, sort_order: c.sort_order, stratum_url: c.stratum_url, reason: 'test' })));
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(body(both.find((r) => r.statusCode === 409)!).code).toBe(ERRORS.coin_last_listed.code);
      expect(await listed()).toHaveLength(1);
    } finally {
      for (const c of [...others, ltc, btc]) await setCoin(c.code, { enabled: true, sort_order: c.sort_order, stratum_url: c.stratum_url, reason: 'test' });
    }
    expect((await coinsOf()).map(({ code, enabled, sort_order, stratum_url }) => ({ code, enabled, sort_order, stratum_url }))).toEqual(before.map(({ code, enabled, sort_order, stratum_url }) => ({ code, enabled, sort_order, stratum_url })));
  });
});
