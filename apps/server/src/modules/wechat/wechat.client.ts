// WeChat Open Platform website login ("网站应用微信登录"), as documented:
//   1. the browser goes to {connect}/connect/qrconnect?appid&redirect_uri&response_type=code
//      &scope=snsapi_login&state#wechat_redirect; WeChat sends it back to redirect_uri?code&state;
//   2. the server exchanges the code: GET {api}/sns/oauth2/access_token?appid&secret&code
//      &grant_type=authorization_code, answering { access_token, expires_in, refresh_token, openid,
//      scope, unionid } or { errcode, errmsg } (40029 invalid code, 40163 code been used, 40125
//      invalid appsecret ...), often with a text/plain content type;
//   3. when the answer has no unionid, GET {api}/sns/userinfo?access_token&openid gives it.
// The secret travels only in the exchange's query and never reaches a log: errors are logged with
// WeChat's errcode alone.
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/errors';

export interface WechatSettings {
  appId: string;
  appSecret: string;
  connectBase: string;
  apiBase: string;
  timeoutMs?: number;
}

/** WeChat's answers about the code itself: the user should scan again. */
const CODE_ERRORS = new Set([40029, 40163, 41008]);

export class WechatClient {
  constructor(
    private readonly settings: WechatSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  authorizeUrl(redirectUri: string, state: string): string {
    const q = new URLSearchParams({ appid: this.settings.appId, redirect_uri: redirectUri, response_type: 'code', scope: 'snsapi_login', state });
    return `${this.settings.connectBase.replace(/\/+$/, '')}/connect/qrconnect?${q.toString()}#wechat_redirect`;
  }

  private async get(path: string, query: Record<string, string>): Promise<Record<string, unknown>> {
    const url = `${this.settings.apiBase.replace(/\/+$/, '')}${path}?${new URLSearchParams(query).toString()}`;
    let text: string;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(this.settings.timeoutMs ?? 10_000) });
      text = await response.text();
      if (!response.ok) {
        this.log.warn({ wechat: path, status: response.status }, 'wechat answered an HTTP error');
        throw new AppError('wechat_unavailable');
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      this.log.warn({ wechat: path, reason: (error as Error).name }, 'wechat unreachable');
      throw new AppError('wechat_unavailable');
    }
    let answer: Record<string, unknown>;
    try {
      answer = JSON.parse(text) as Record<string, unknown>;
    } catch {
      this.log.warn({ wechat: path }, 'wechat answered something other than JSON');
      throw new AppError('wechat_unavailable');
    }
    const errcode = typeof answer.errcode === 'number' ? answer.errcode : 0;
    if (errcode !== 0) {
      this.log.warn({ wechat: path, errcode }, 'wechat refused the request');
      throw new AppError(CODE_ERRORS.has(errcode) ? 'wechat_code_invalid' : 'wechat_unavailable');
    }
    return answer;
  }

  /** The unionid of the person who scanned, from the code WeChat sent back (used once). */
  async unionidOf(code: string): Promise<string> {
    const token = await this.get('/sns/oauth2/access_token', { appid: this.settings.appId, secret: this.settings.appSecret, code, grant_type: 'authorization_code' });
    if (typeof token.unionid === 'string' && token.unionid) return token.unionid;
    if (typeof token.access_token !== 'string' || typeof token.openid !== 'string') {
      this.log.warn({ wechat: '/sns/oauth2/access_token' }, 'wechat answered without access_token or openid');
      throw new AppError('wechat_unavailable');
    }
    const info = await this.get('/sns/userinfo', { access_token: token.access_token, openid: token.openid });
    if (typeof info.unionid === 'string' && info.unionid) return info.unionid;
    // The app is not bound to an Open Platform account: there is no unionid to keep.
    this.log.warn({ wechat: '/sns/userinfo' }, 'wechat answered without unionid');
    throw new AppError('wechat_unavailable');
  }
}
