// The Content-Security-Policy allows inline script only by hash: exactly the web app's first-screen
// script (index.html's one inline script, apps/web/first-screen.ts), nothing inline besides.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_SCRIPT } from '@hashpool/shared';
import { CONTENT_SECURITY_POLICY } from './security';

describe('CONTENT_SECURITY_POLICY', () => {
  it("allows scripts from the site and the first screen's script by its sha256, not 'unsafe-inline'", () => {
    const hash = `'sha256-${createHash('sha256').update(FIRST_SCREEN_SCRIPT).digest('base64')}'`;
    expect(CONTENT_SECURITY_POLICY.scriptSrc).toEqual(["'self'", hash]);
  });
});
