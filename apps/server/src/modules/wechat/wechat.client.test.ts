// The WeChat client against a local server speaking WeChat's documented endpoints and errors.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeWechat } from '../../../test/fakes/wechat';
import { WechatClient } from './wechat.client';

const fake = new FakeWechat('wxunit0000000001', 'unit-secret-0123456789');
let base = '';
let logText = '';
const log = pino({ level: 'info' }, { write: (s: string) => void (logText += s) });
const client = (secret = 'unit-secret-0123456789', apiBase = base) => new WechatClient({ appId: 'wxunit0000000001', appSecret: secret, connectBase: `${base}/`, apiBase }, log);

beforeAll(async () => {
  base = await fake.start();
});
afterAll(() => fake.stop());

describe('wechat client', () => {
  it('builds the documented QR-connect address', () => {
    const url = client().authorizeUrl('https://pool.example.com/bind-wechat?mode=login', 'st4te');
    expect(url).toBe(`${base}/connect/qrconnect?appid=wxunit0000000001&redirect_uri=https%3A%2F%2Fpool.example.com%2Fbind-wechat%3Fmode%3Dlogin&response_type=code&scope=snsapi_login&state=st4te#wechat_redirect`);
  });

  it('exchanges a code once for the unionid', async () => {
    fake.scanAs('union-unit-1');
    const code = fake.issueCode();
    expect(await client().unionidOf(code)).toBe('union-unit-1');
    await expect(client().unionidOf(code)).rejects.toMatchObject({ key: 'wechat_code_invalid' });
    await expect(client().unionidOf('nope')).rejects.toMatchObject({ key: 'wechat_code_invalid' });
  });

  it('maps a wrong secret and an unreachable WeChat to wechat_unavailable, logging only the errcode', async () => {
    await expect(client('wrong-secret-xyz-000').unionidOf(fake.issueCode())).rejects.toMatchObject({ key: 'wechat_unavailable' });
    await expect(client(undefined, 'http://127.0.0.1:1').unionidOf('x')).rejects.toMatchObject({ key: 'wechat_unavailable' });
    expect(logText).toContain('40125');
    expect(logText).not.toContain('wrong-secret-xyz-000');
    expect(logText).not.toContain('unit-secret-0123456789');
  });
});
