// The captcha before anything that costs the pool or reveals something (sending a code, a login
// after failures): ALTCHA proof-of-work, solved here in the browser. GET /captcha/challenge gives
// a signed challenge; we search for the counter whose PBKDF2 key starts with its prefix and send
// challenge and solution back. GeeTest needs its own widget, which this build does not include.
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey as webCryptoDeriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { nobleDeriveKey } from './altcha-derive';
import { accountsApi, type CaptchaAnswer } from '../accounts.api';

/** The server runs GeeTest (or something else): this client cannot produce its proof. */
export class CaptchaUnsupportedError extends Error {
  constructor(readonly provider: string) {
    super(`Captcha provider ${provider} is not supported by this client`);
    this.name = 'CaptchaUnsupportedError';
  }
}

/** No solution in time (or the challenge was malformed). */
export class CaptchaFailedError extends Error {
  constructor() {
    super('The captcha could not be solved');
    this.name = 'CaptchaFailedError';
  }
}

/** The name of the performance measure of the last solve (read by the end-to-end tests). */
export const SOLVE_MEASURE = 'altcha-solve';
const SOLVE_TIMEOUT_MS = 60_000;

function hasWebCrypto(): boolean {
  return typeof crypto !== 'undefined' && typeof crypto.subtle?.deriveBits === 'function';
}

export async function solveCaptcha(controller?: AbortController): Promise<CaptchaAnswer> {
  const { provider, challenge } = await accountsApi.captchaChallenge();
  if (provider !== 'altcha') throw new CaptchaUnsupportedError(provider);
  const started = performance.now();
  const solution = await solveChallenge({
    challenge: challenge as Challenge,
    deriveKey: hasWebCrypto() ? webCryptoDeriveKey : nobleDeriveKey,
    controller,
    timeout: SOLVE_TIMEOUT_MS,
  }).catch(() => null);
  if (!solution) throw new CaptchaFailedError();
  performance.measure(SOLVE_MEASURE, { start: started, end: performance.now() });
  return { provider: 'altcha', challenge, solution };
}
