// Password hashing with argon2id at the ASVS minimum (46 MiB, t=1, p=1; docs/security.md item 2).
// Pay passwords are short PINs, cheap to try offline: they are also peppered with a server-side
// key that is not in the database, so a stolen table alone is not enough.
import { createHmac } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2; // @node-rs/argon2's Algorithm.Argon2id (a const enum, not importable under isolatedModules)
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 47_104, timeCost: 1, parallelism: 1 } as const;

/** argon2id of a login password (the class below adds the pay-password pepper and timing guard). */
export function hashLoginPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export class PasswordHasher {
  /** A real hash of a random password, verified for unknown users so both answers take equal time. */
  private dummy: Promise<string> | undefined;

  constructor(private readonly pepper: Buffer) {}

  hashPassword(password: string): Promise<string> {
    return hashLoginPassword(password);
  }

  verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
    if (!stored) {
      this.dummy ??= hash('dummy-password-for-equal-timing', OPTIONS);
      return this.dummy.then((d) => verify(d, password)).then(() => false);
    }
    return verify(stored, password).catch(() => false);
  }

  /** Hex: the argon2 binding verifies strings only (raw HMAC bytes are not valid UTF-8). */
  private peppered(payPassword: string): string {
    return createHmac('sha256', this.pepper).update(payPassword, 'utf8').digest('hex');
  }

  hashPayPassword(payPassword: string): Promise<string> {
    return hash(this.peppered(payPassword), OPTIONS);
  }

  verifyPayPassword(stored: string | null | undefined, payPassword: string): Promise<boolean> {
    if (!stored) return Promise.resolve(false);
    return verify(stored, this.peppered(payPassword)).catch(() => false);
  }
}
