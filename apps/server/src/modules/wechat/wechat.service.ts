// Binding a WeChat account and logging in with it. Each redirect to WeChat carries a
// random state, stored as a hash, bound to its purpose (this user's binding, or a login), spent
// on first use and void after ten minutes: a callback with a state we did not make, made for
// something else or already used is refused before WeChat is asked (CSRF, replay). Binding and
// unbinding need the second factor; logging in with a bound WeChat account goes through the
// accounts module's login after the first factor, so it gets the authenticator step, the
// new-device code, the alert and the same session as the password login. An unbound WeChat
// account never creates an account.
import { createHash, randomBytes } from 'node:crypto';
import type { LoginResult, WechatStatus } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { ClientInfo } from '../../platform/request-context';
import type { AccountsApi, Verification } from '../accounts';
import type { WechatClient } from './wechat.client';
import * as repo from './wechat.repository';

export const STATE_TTL_MS = 10 * 60_000;

const hashOf = (state: string) => createHash('sha256').update(`wechat-state:${state}`).digest('hex');

export class WechatService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Null when the App ID or secret is unset: the feature hides itself. */
    private readonly client: WechatClient | null,
    private readonly accounts: Pick<AccountsApi, 'auth' | 'security'>,
  ) {}

  get enabled(): boolean {
    return this.client !== null;
  }

  private wechat(): WechatClient {
    if (!this.client) throw new AppError('wechat_disabled');
    return this.client;
  }

  async status(userId: string): Promise<WechatStatus> {
    const link = await repo.linkOfUser(this.db, userId);
    return { enabled: this.enabled, bound: Boolean(link), bound_at: link?.createdAt.toISOString() ?? null };
  }

  private async newState(purpose: 'bind' | 'login', userId: string | null): Promise<string> {
    const state = randomBytes(24).toString('base64url');
    const now = this.clock.now();
    await repo.deleteExpiredStates(this.db, new Date(now.getTime() - STATE_TTL_MS));
    await repo.insertState(this.db, { stateHash: hashOf(state), purpose, userId, expiresAt: new Date(now.getTime() + STATE_TTL_MS), createdAt: now });
    return state;
  }

  /** The state's row, spent now; wechat_state_invalid unless it is unused, unexpired and for this purpose and user. */
  private async spend(state: string, purpose: 'bind' | 'login', userId: string | null): Promise<void> {
    const row = await repo.spendState(this.db, hashOf(state), this.clock.now());
    if (!row || row.purpose !== purpose || (row.userId ?? null) !== userId) throw new AppError('wechat_state_invalid');
  }

  /** Starts a login: the QR-connect address. */
  async startLogin(redirectUri: string): Promise<{ url: string }> {
    const wechat = this.wechat();
    return { url: wechat.authorizeUrl(redirectUri, await this.newState('login', null)) };
  }

  /** Starts a binding after the second factor: the QR-connect address. */
  async startBind(userId: string, v: Verification, redirectUri: string): Promise<{ url: string }> {
    const wechat = this.wechat();
    const user = await this.accounts.security.user(userId);
    if (await repo.linkOfUser(this.db, userId)) throw new AppError('wechat_already_bound');
    await this.accounts.security.verifySecondFactor(user, 'wechat_bind', v);
    return { url: wechat.authorizeUrl(redirectUri, await this.newState('bind', userId)) };
  }

  async completeBind(userId: string, code: string, state: string, client: ClientInfo): Promise<void> {
    const wechat = this.wechat();
    await this.spend(state, 'bind', userId);
    const unionid = await wechat.unionidOf(code);
    const user = await this.accounts.security.user(userId);
    const taken = await repo.linkOfUnionid(this.db, unionid);
    if (taken) throw new AppError(taken.userId === userId ? 'wechat_already_bound' : 'wechat_taken');
    await repo.insertLink(this.db, { userId, unionid, createdAt: this.clock.now() }).catch(async (error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
      throw new AppError((await repo.linkOfUser(this.db, userId)) ? 'wechat_already_bound' : 'wechat_taken');
    });
    await this.accounts.security.recordOutsideChange(user, 'wechat_bind', client);
  }

  async completeLogin(code: string, state: string, client: ClientInfo, lang: Parameters<AccountsApi['auth']['loginProven']>[2]): Promise<LoginResult> {
    const wechat = this.wechat();
    await this.spend(state, 'login', null);
    const unionid = await wechat.unionidOf(code);
    const link = await repo.linkOfUnionid(this.db, unionid);
    if (!link) throw new AppError('wechat_not_bound');
    return this.accounts.auth.loginProven(link.userId, client, lang);
  }

  async unbind(userId: string, v: Verification, client: ClientInfo): Promise<void> {
    const user = await this.accounts.security.user(userId);
    if (!(await repo.linkOfUser(this.db, userId))) throw new AppError('wechat_not_linked');
    await this.accounts.security.verifySecondFactor(user, 'wechat_unbind', v);
    if (!(await repo.deleteLink(this.db, userId))) throw new AppError('wechat_not_linked');
    await this.accounts.security.recordOutsideChange(user, 'wechat_unbind', client);
  }
}
