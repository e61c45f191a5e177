// This browser's device id: random, kept in localStorage `device_id` and sent with every call as
// the `x-hp-device` header. The server remembers devices that logged in; a login from an unknown
// one asks for an emailed code (and the user is told about it).
import { readStorage, STORAGE_KEYS, writeStorage } from '../storage-keys';

/**
 * DEVICE_HEADER of packages/shared, repeated here because that module also defines the zod
 * schemas, and importing it would pull zod into the first screen. apps/web/test/accounts-client.test.ts
 * keeps the two equal (and DEVICE_ID equal to DEVICE_ID_PATTERN).
 */
export const DEVICE_HEADER = 'x-hp-device';

/** What the server accepts (16 to 128 of [A-Za-z0-9_-]); anything else counts as no device. */
export const DEVICE_ID = /^[A-Za-z0-9_-]{16,128}$/;

/** 16 random bytes in base64url: 22 characters of the accepted alphabet. */
export function newDeviceId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

let memoryId: string | null = null;

export function deviceId(): string {
  const stored = readStorage(STORAGE_KEYS.deviceId);
  if (stored && DEVICE_ID.test(stored)) return stored;
  // Without storage the id lives for this page only; the server then sees a new device each visit.
  memoryId ??= newDeviceId();
  writeStorage(STORAGE_KEYS.deviceId, memoryId);
  return memoryId;
}
