// The content calls of the web shell, through HTTP, against a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_MODE_COINS, COINS, LANGUAGES, type PoolItem } from '@hashpool/shared';
import { advertisements, announcements, currencyRates, siteParameters, sliders } from '../src/modules/content/content.tables';
import { body, startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, lang?: string) => t.app.inject({ method: 'GET', url, headers: lang ? { lang } : {} });

describe('GET /api/pools', () => {
  it('lists every coin of the registry with its precision and mode', async () => {
    const res = await get('/api/pools');
    expect(res.statusCode).toBe(200);
    const { code, data } = body<PoolItem[]>(res);
    expect(code).toBe(0);
    expect(data.map((p) => p.coin).sort()).toEqual(COINS.map((c) => c.code).sort());
    for (const coin of COINS) {
      const item = data.find((p) => p.coin === coin.code)!;
      expect(item.precision).toBe(coin.precision);
      expect(item.mode).toBe(coin.mode);
      expect(item.fee_rate).toMatch(/^\d+(\.\d+)?$/);
      expect(item.min_payout).toMatch(/^\d+(\.\d+)?$/);
    }
    expect(data.filter((p) => p.mode === 'address').map((p) => p.coin).sort()).toEqual([...ADDRESS_MODE_COINS].sort());
  });
});

describe('GET /api/parameters', () => {
  it('answers public parameters and the request-signing key, never private ones', async () => {
    await t.database.db.insert(siteParameters).values({ key: 'smtp_password_hint', value: 'hidden', isPublic: false });
    const { data } = body<Record<string, string>>(await get('/api/parameters'));
    expect(data.site_name).toBe('Hashpool');
    expect(data.request_sign_key).toBe(t.config.REQUEST_SIGN_KEY);
    expect(data).not.toHaveProperty('smtp_password_hint');
  });

  it('filters by keys', async () => {
    const { data } = body<Record<string, string>>(await get('/api/parameters?keys=site_name,app_version,smtp_password_hint'));
    expect(Object.keys(data).sort()).toEqual(['app_version', 'site_name']);
  });
});

describe('GET /api/media/footer-link/list', () => {
  it('answers titles in the caller language', async () => {
    const en = body<Array<{ url: string; title: string; group: string }>>(await get('/api/media/footer-link/list', 'en')).data;
    const zh = body<Array<{ url: string; title: string }>>(await get('/api/media/footer-link/list', 'zh-CN')).data;
    expect(en.find((l) => l.url === '/terms')?.title).toBe('Terms of Service');
    expect(zh.find((l) => l.url === '/terms')?.title).toBe('服务条款');
    expect(new Set(en.map((l) => l.group))).toEqual(new Set(['about', 'support', 'community']));
  });
});

describe('GET /api/media/announcement/list', () => {
  it('pages newest first and hides announcements published in the future', async () => {
    await t.database.db.insert(announcements).values({
      title: { en: 'Scheduled' },
      summary: { en: 'later' },
      publishedAt: new Date(t.clock.now().getTime() + 3_600_000),
    });
    const page1 = body<{ list: Array<{ title: string; published_at: string }>; total: number }>(await get('/api/media/announcement/list?page=1&page_size=2')).data;
    expect(page1.total).toBe(3);
    expect(page1.list).toHaveLength(2);
    expect(page1.list[0]!.published_at > page1.list[1]!.published_at).toBe(true);
    const page2 = body<{ list: unknown[] }>(await get('/api/media/announcement/list?page=2&page_size=2')).data;
    expect(page2.list).toHaveLength(1);
    expect(JSON.stringify(page1) + JSON.stringify(page2)).not.toContain('Scheduled');

    t.clock.advance(2 * 3_600_000);
    const later = body<{ list: Array<{ title: string }>; total: number }>(await get('/api/media/announcement/list')).data;
    expect(later.total).toBe(4);
    expect(later.list[0]!.title).toBe('Scheduled');
  });

  it('falls back to English where a text has no translation', async () => {
    const { data } = body<{ list: Array<{ title: string }> }>(await get('/api/media/announcement/list', 'ko'));
    expect(data.list[0]!.title).toBe('Scheduled');
    expect(data.list[1]!.title).toMatch(/데모/);
  });

  it('names each invalid paging field', async () => {
    const res = await get('/api/media/announcement/list?page=0&page_size=500');
    expect(res.statusCode).toBe(400);
    const b = body<{ fields: Array<{ field: string; message_key: string }> }>(res);
    expect(b.code).toBe(10001);
    expect(b.data.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'query.page', message_key: 'too_small' }),
        expect.objectContaining({ field: 'query.page_size', message_key: 'too_big' }),
      ]),
    );
  });
});

describe('GET /api/sliders and /api/advertisements', () => {
  it('answers the banners of a position in order', async () => {
    await t.database.db.insert(sliders).values({ position: 'download', title: { en: 'Get the app' }, subtitle: { en: '' }, tone: 'green' });
    const home = body<Array<{ title: string; tone: string }>>(await get('/api/sliders?position=home', 'ja')).data;
    expect(home).toHaveLength(3);
    expect(home[0]!.title).toMatch(/FPPS/);
    expect(home[0]!.title).not.toBe('Mine Bitcoin with transparent FPPS payouts');
    const download = body<Array<{ title: string }>>(await get('/api/sliders?position=download')).data;
    expect(download.map((s) => s.title)).toEqual(['Get the app']);
    const byDefault = body<unknown[]>(await get('/api/sliders')).data;
    expect(byDefault).toHaveLength(3);
  });

  it('shows an advertisement only inside its running window', async () => {
    const now = t.clock.now().getTime();
    await t.database.db.insert(advertisements).values({
      position: 'home',
      title: { en: 'Window' },
      text: { en: 'x' },
      startsAt: new Date(now + 60_000),
      endsAt: new Date(now + 120_000),
    });
    const titles = async () => body<Array<{ title: string }>>(await get('/api/advertisements')).data.map((a) => a.title);
    expect(await titles()).not.toContain('Window');
    t.clock.advance(90_000);
    expect(await titles()).toContain('Window');
    t.clock.advance(60_000);
    expect(await titles()).not.toContain('Window');
  });
});

describe('GET /api/v2/wallets/currency/rates', () => {
  it('answers rates under data.rates as decimal strings with CNY at 1', async () => {
    const { data } = body<{ rates: Array<{ currency: string; rate: string; symbol: string }> }>(await get('/api/v2/wallets/currency/rates'));
    expect(data.rates.find((r) => r.currency === 'CNY')).toEqual({ currency: 'CNY', rate: '1', symbol: '¥' });
    for (const r of data.rates) expect(typeof r.rate).toBe('string');
    expect(data.rates.map((r) => r.currency)).toEqual(expect.arrayContaining(['USD', 'EUR', 'RUB', 'JPY', 'KRW']));
  });

  it('reflects an operator edit of the table, keeping exact decimals', async () => {
    const { eq } = await import('drizzle-orm');
    await t.database.db.update(currencyRates).set({ rate: '0.123456789012345678' }).where(eq(currencyRates.currency, 'USD'));
    const { data } = body<{ rates: Array<{ currency: string; rate: string }> }>(await get('/api/v2/wallets/currency/rates'));
    expect(data.rates.find((r) => r.currency === 'USD')?.rate).toBe('0.123456789012345678');
  });
});

describe('GET /api/health', () => {
  it('reports the database as reachable', async () => {
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ status: 'ok', database: 'ok' });
  });
});

describe('seeding', () => {
  it('is idempotent and keeps operator edits', async () => {
    const { eq } = await import('drizzle-orm');
    const { seedReferenceData, seedDemoContent } = await import('../src/modules/content/content.seed');
    await t.database.db.update(siteParameters).set({ value: 'My Pool' }).where(eq(siteParameters.key, 'site_name'));
    await seedReferenceData(t.database.db);
    await seedDemoContent(t.database.db, t.clock.now());
    const { data } = body<Record<string, string>>(await get('/api/parameters?keys=site_name'));
    expect(data.site_name).toBe('My Pool');
    const { data: pools } = body<PoolItem[]>(await get('/api/pools'));
    expect(pools).toHaveLength(COINS.length);
    const { data: page } = body<{ total: number }>(await get('/api/media/announcement/list'));
    expect(page.total).toBe(4);
  });

  it('answers every language with the same number of items', async () => {
    const counts = await Promise.all(LANGUAGES.map(async (l) => body<unknown[]>(await get('/api/media/footer-link/list', l)).data.length));
    expect(new Set(counts).size).toBe(1);
  });
});
