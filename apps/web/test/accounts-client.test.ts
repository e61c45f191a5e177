// Small rules of the account screens: the device header and id, where a login goes next, which second
// factor is asked, how contacts are masked, and that locally repeated constants match shared.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_HEADER as SHARED_DEVICE_HEADER, DEVICE_ID_PATTERN } from '@hashpool/shared';
import { DEVICE_HEADER, DEVICE_ID, deviceId, newDeviceId } from '../src/shell/api/device';
import { STORAGE_KEYS } from '../src/shell/storage-keys';
import { afterLoginPath } from '../src/features/accounts/lib/redirect';
import { ROUTES } from '../src/app/routes';
import { formNameOf } from '../src/shell/forms/server-errors';

describe('device id', () => {
  it('uses the header name of packages/shared', () => {
    expect(DEVICE_HEADER).toBe(SHARED_DEVICE_HEADER);
  });

  it('makes ids the server accepts (16+ of [A-Za-z0-9_-]) that do not repeat', () => {
    const id = newDeviceId();
    expect(id).toMatch(DEVICE_ID);
    expect(id).toHaveLength(22);
    expect(newDeviceId()).not.toBe(id);
  });

  // A login without a valid device id is a new device (docs/security.md item 36): the client
  // must never send one the server refuses, or its users would be asked for a code every time.
  describe('sent with every call', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('accepts exactly what the server accepts', () => {
      expect(DEVICE_ID.source).toBe(DEVICE_ID_PATTERN.source);
    });

    it('replaces a stored id the server would refuse, and keeps the new one', () => {
      const stored = new Map<string, string>([[STORAGE_KEYS.deviceId, 'bad id!']]);
      vi.stubGlobal('localStorage', { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) });
      const id = deviceId();
      expect(id).toMatch(DEVICE_ID_PATTERN);
      expect(stored.get(STORAGE_KEYS.deviceId)).toBe(id);
      expect(deviceId()).toBe(id);
    });

    it('still sends a valid id when storage throws', () => {
      vi.stubGlobal('localStorage', {
        getItem: () => {
          throw new Error('denied');
        },
        setItem: () => {
          throw new Error('denied');
        },
      });
      expect(deviceId()).toMatch(DEVICE_ID_PATTERN);
      expect(deviceId()).toBe(deviceId());
    });
  });
});

describe('afterLoginPath', () => {
  it('goes back to an app path given in ?redirect=', () => {
    expect(afterLoginPath(`?redirect=${encodeURIComponent('/user/setting?tab=security')}`, ROUTES)).toBe('/user/setting?tab=security');
    // Third-party authorisation is public, not a login screen: the login returns there.
    expect(afterLoginPath(`?redirect=${encodeURIComponent('/login/oauth/authorize?client_id=x')}`, ROUTES)).toBe('/login/oauth/authorize?client_id=x');
  });

  it('goes home without one, or when it points elsewhere or to another login screen', () => {
    for (const target of ['', 'https://evil.example/', '//evil.example', '/\\evil.example', 'user/setting', '/login', '/register/email', '/resetpassword/phone?x=1']) {
      expect(afterLoginPath(`?redirect=${encodeURIComponent(target)}`, ROUTES), target).toBe('/');
    }
    expect(afterLoginPath('', ROUTES)).toBe('/');
  });
});

describe('server field names', () => {
  it('maps body paths to form names', () => {
    expect(formNameOf('body.email')).toBe('email');
    expect(formNameOf('body.verification.email_code')).toEqual(['verification', 'email_code']);
    expect(formNameOf('query.page')).toBe('page');
  });
});
