// The server's secret keys, derived from one master key (SECRETS_KEY) with HKDF so there is one
// thing to keep safe. Without SECRETS_KEY, development keeps a generated key in ./data/secrets.key
// (production refuses to start without it: losing it makes TOTP secrets and pay passwords unusable).
import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

export interface ServerKeys {
  /** Encrypts TOTP secrets. */
  secretBox: Buffer;
  /** Peppers pay passwords before argon2id. */
  payPepper: Buffer;
  /** Signs ALTCHA challenges. */
  captcha: Buffer;
  /** Derives the simulated chain's deposit addresses and txids. */
  chain: Buffer;
  /** HMAC of stored verification codes: 6 digits are a million guesses away from a plain hash. */
  codes: Buffer;
  /** Signs the short-lived tickets between the login steps. */
  loginTicket: Buffer;
  /** Derives a refreshed session's tokens from the refresh token spent on it (session.service.ts). */
  refreshSuccessor: Buffer;
}

function masterKey(config: Config): Buffer {
  if (config.SECRETS_KEY) return Buffer.from(config.SECRETS_KEY, 'base64');
  if (config.NODE_ENV === 'production') throw new Error('SECRETS_KEY must be set in production (32 bytes, base64)');
  if (config.PGLITE_DATA_DIR === 'memory' && !config.DATABASE_URL) return randomBytes(32);
  const file = path.resolve('data', 'secrets.key');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}

export function deriveKeys(config: Config): ServerKeys {
  const master = masterKey(config);
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', master, 'hashpool', info, 32));
  return {
    secretBox: derive('totp-secret-box'),
    payPepper: derive('pay-password-pepper'),
    captcha: derive('altcha-hmac'),
    codes: derive('verification-code-hmac'),
    loginTicket: derive('login-ticket'),
    refreshSuccessor: derive('refresh-successor'),
    chain: derive('simulated-chain'),
  };
}
