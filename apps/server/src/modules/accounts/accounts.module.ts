// The accounts module in the registry: registration and login, sessions, the user's settings and
// sub-accounts, second factors and security changes, and the directory other modules ask about
// sub-accounts. It says who calls (bearer tokens).
import { createHmac } from 'node:crypto';
import { AltchaVerifier, GeetestVerifier, type CaptchaVerifier } from '../../platform/captcha';
import { LoginKeyPair } from '../../platform/login-crypto';
import { ExtensionPoint } from '../../platform/extension-point';
import { defineModule } from '../../platform/modules';
import { SecretBox } from '../../platform/secret-box';
import { ensureRoles } from './accounts.repository';
import { accountsRoutes } from './accounts.routes';
import { seedDemoUser } from './accounts.seed';
import { AccountService, ROLE_DEFINITIONS, type WithdrawalHold } from './accounts.service';
import { AuthService, LOGIN_CODES_WINDOW_MS } from './auth.service';
import { OperatorDesk } from './operators.service';
import { CodeService } from './codes.service';
import { AccountDirectory } from './directory.service';
import { securityRoutes } from './security.routes';
import { SecurityService } from './security.service';
import { SessionService } from './session.service';
import { TotpService } from './totp.service';

/** Failed logins and wrong authenticator codes are counted over this window. */
const FAILURE_WINDOW_MS = 15 * 60_000;
/** Text messages are capped per number and per client address over this window. */
const SMS_LIMIT_WINDOW_MS = 60 * 60_000;

export interface AccountsApi {
  auth: AuthService;
  sessions: SessionService;
  accounts: AccountService;
  security: SecurityService;
  directory: AccountDirectory;
  captcha: CaptchaVerifier;
  /** The admin area's users. */
  operators: OperatorDesk;
  /** Until when a user's withdrawals wait (the settings page shows it): the wallet registers its rule. */
  withdrawalHolds: ExtensionPoint<WithdrawalHold>;
  /** What a code's send answers (resend_after from config CODE_RESEND_SECONDS, expires_in). */
  codeTiming: () => { resend_after: number; expires_in: number };
}

export const accountsModule = defineModule({
  name: 'accounts',
  dependsOn: ['content'],
  create: (p, use) => {
    const { config, db, clock, keys } = p;
    const content = use('content').content;
    const captcha: CaptchaVerifier =
      config.CAPTCHA_PROVIDER === 'geetest' && config.GEETEST_ID && config.GEETEST_KEY
        ? new GeetestVerifier(config.GEETEST_ID, config.GEETEST_KEY)
        : new AltchaVerifier(keys.captcha.toString('hex'), config.ALTCHA_COST, clock, p.replayGuard);
    const siteName = async () => (await content.parameters(['site_name'])).site_name ?? 'Hashpool';
    const codes = new CodeService(db, clock, keys.codes, p.mailer, p.sms, siteName, config.CODE_RESEND_SECONDS, {
      perNumber: p.failures('sms_number', SMS_LIMIT_WINDOW_MS),
      perIp: p.failures('sms_ip', SMS_LIMIT_WINDOW_MS),
      maxPerNumber: config.SMS_PER_NUMBER_PER_HOUR,
      maxPerIp: config.SMS_PER_IP_PER_HOUR,
    });
    const sessions = new SessionService(db, clock, config.ACCESS_TOKEN_TTL_SECONDS, keys.refreshSuccessor);
    const totp = new TotpService(db, clock, new SecretBox(keys.secretBox), p.failures('totp', FAILURE_WINDOW_MS));
    const loginCodes = p.failures('login_codes', LOGIN_CODES_WINDOW_MS);
    const adminEmails = new Set((config.ADMIN_EMAILS ?? '').split(',').map((e) => e.trim().toLowerCase()).filter(Boolean));
    const auth = new AuthService(db, clock, p.passwords, codes, sessions, captcha, new LoginKeyPair(), totp, keys.loginTicket, p.failures('login', FAILURE_WINDOW_MS), loginCodes, adminEmails);
    const currencies = async () => (await content.rates()).rates.map((r) => r.currency);
    const withdrawalHolds = new ExtensionPoint<WithdrawalHold>('accounts.withdrawalHolds');
    const accounts = new AccountService(db, clock, currencies, config.SECURITY_HOLD_HOURS * 3600_000, withdrawalHolds);
    const proofKey = createHmac('sha256', keys.loginTicket).update('totp-proof').digest();
    const security = new SecurityService(db, clock, p.passwords, codes, sessions, totp, siteName, { key: proofKey, replayGuard: p.replayGuard }, loginCodes);
    const operators = new OperatorDesk(db, clock, { audit: p.audit, sessions, security });
    return { auth, sessions, accounts, security, directory: new AccountDirectory(db), captcha, operators, withdrawalHolds, codeTiming: () => codes.timing };
  },
  routes: (api) => async (app) => {
    await app.register(accountsRoutes(api));
    await app.register(securityRoutes(api.security, api.codeTiming));
  },
  principal: (api) => (request) => api.sessions.resolvePrincipal(request),
  seed: (db) => ensureRoles(db, ROLE_DEFINITIONS),
  demo: (_api, p) => seedDemoUser(p.db, p.clock.now()),
});
