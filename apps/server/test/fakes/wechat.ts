// A stand-in for WeChat's Open Platform website login, speaking its documented endpoints:
//   GET /connect/qrconnect?appid&redirect_uri&response_type=code&scope=snsapi_login&state
//     (the QR page; here the "scan" happens at once as the person scanAs() named, and the browser
//     is redirected to redirect_uri with code and state, as WeChat does after confirmation);
//   GET /sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code
//     → { access_token, expires_in, refresh_token, openid, scope, unionid } or { errcode, errmsg }:
//     40013 invalid appid, 40125 invalid appsecret, 40029 invalid code, 40163 code been used;
//   GET /sns/userinfo?access_token&openid → the profile with unionid, or 40001 invalid credential.
// Answers carry text/plain like WeChat's. Usable from integration tests and from the e2e
// (scripts/fake-wechat.ts starts one on a port).
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Grant {
  unionid: string;
  openid: string;
  used: boolean;
}

export class FakeWechat {
  private server: Server | undefined;
  private readonly codes = new Map<string, Grant>();
  private readonly tokens = new Map<string, Grant>();
  /** Who scans the next QR code. */
  private scanner = { unionid: 'o6_bmasdasdsad6_2sgVt7hMZOPfL', openid: 'oLVPpjqs9BhvzwPj5A-vTYAX3GLc' };
  /** Leave unionid out of the token answer (an app the Open Platform knows only by openid), so userinfo is needed. */
  omitUnionidInToken = false;
  readonly exchanges: { code: string; errcode: number }[] = [];

  constructor(
    readonly appId: string,
    readonly appSecret: string,
  ) {}

  scanAs(unionid: string, openid = `o${randomBytes(12).toString('hex')}`): void {
    this.scanner = { unionid, openid };
  }

  /** A code as if the current scanner had confirmed (for tests that skip the redirect). */
  issueCode(): string {
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, { ...this.scanner, used: false });
    return code;
  }

  async start(port = 0): Promise<string> {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const q = url.searchParams;
      const answer = (body: Record<string, unknown>) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(JSON.stringify(body));
      };
      const error = (errcode: number, errmsg: string) => answer({ errcode, errmsg });
      if (req.method !== 'GET') {
        res.writeHead(405);
        return res.end();
      }
      if (url.pathname === '/connect/qrconnect') {
        const redirect = q.get('redirect_uri');
        if (q.get('appid') !== this.appId || q.get('response_type') !== 'code' || q.get('scope') !== 'snsapi_login' || !redirect || !q.get('state')) {
          res.writeHead(400, { 'content-type': 'text/plain' });
          return res.end('invalid request');
        }
        const target = new URL(redirect);
        target.searchParams.set('code', this.issueCode());
        target.searchParams.set('state', q.get('state')!);
        res.writeHead(302, { location: target.toString() });
        return res.end();
      }
      if (url.pathname === '/sns/oauth2/access_token') {
        const code = q.get('code') ?? '';
        const fail = (errcode: number, errmsg: string) => {
          this.exchanges.push({ code, errcode });
          error(errcode, errmsg);
        };
        if (q.get('appid') !== this.appId) return fail(40013, 'invalid appid');
        if (q.get('secret') !== this.appSecret) return fail(40125, 'invalid appsecret');
        if (q.get('grant_type') !== 'authorization_code') return fail(40002, 'invalid grant_type');
        const grant = this.codes.get(code);
        if (!grant) return fail(40029, 'invalid code');
        if (grant.used) return fail(40163, 'code been used');
        grant.used = true;
        const token = randomBytes(16).toString('hex');
        this.tokens.set(token, grant);
        this.exchanges.push({ code, errcode: 0 });
        return answer({
          access_token: token,
          expires_in: 7200,
          refresh_token: randomBytes(16).toString('hex'),
          openid: grant.openid,
          scope: 'snsapi_login',
          ...(this.omitUnionidInToken ? {} : { unionid: grant.unionid }),
        });
      }
      if (url.pathname === '/sns/userinfo') {
        const grant = this.tokens.get(q.get('access_token') ?? '');
        if (!grant || grant.openid !== q.get('openid')) return error(40001, 'invalid credential, access_token is invalid or not latest');
        return answer({ openid: grant.openid, nickname: 'Fake', sex: 0, province: '', city: '', country: 'CN', headimgurl: '', privilege: [], unionid: grant.unionid });
      }
      res.writeHead(404);
      res.end();
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
