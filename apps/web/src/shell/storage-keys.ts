// Every local-storage key the web app uses (docs/rules.md, Entities), defined once. The values are part
// of the product's contract with returning browsers: renaming one logs users out or forgets their
// settings, so they never change.
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refresh_token',
  /** Milliseconds since the epoch at which the access token expires (local clock). */
  tokenExpiry: 'token_expiry',
  /**
   * Ours, added because its refresh rule needs it: milliseconds since the epoch
   * at which this browser received the access token (login or last refresh). The rule compares
   * the remaining lifetime with the time since then (docs/rules.md, States and transitions; shell/api/refresh-rules.ts).
   */
  tokenIssuedAt: 'token_issued_at',
  redPacketHash: 'red_packet_hash',
  language: 'language',
  poolName: 'pool_name',
  miningPoolAddress: 'mining_pool_address',
  hideWallet: 'hide_wallet',
  hideAmount: 'hide_amount',
  electricityFee: 'electricity_fee',
  currency: 'currency',
  searchList: 'search_list',
  defaultAddressList: 'default_address_list',
  theme: 'theme',
  /**
   * Ours: a random id of this browser, sent as the `x-hp-device` header so the server recognises
   * a known device (a new one needs an emailed code at login). Survives logout on purpose.
   */
  deviceId: 'device_id',
  /**
   * Ours: the cross-tab refresh lock where navigator.locks is missing (insecure origins):
   * "<owner>:<expires ms>", see shell/api/refresh-lock.ts.
   */
  refreshLock: 'refresh_lock',
  /**
   * Ours: the state of the WeChat sign-in or binding this browser started. The way back from
   * WeChat is completed only with it, so a link carrying someone else's state (their WeChat
   * login, to log this browser into their account) is refused here.
   */
  wechatState: 'wechat_state',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** The keys that make up a login; logout removes exactly these. */
export const SESSION_KEYS: readonly StorageKey[] = [STORAGE_KEYS.token, STORAGE_KEYS.refreshToken, STORAGE_KEYS.tokenExpiry, STORAGE_KEYS.tokenIssuedAt];

/**
 * Storage access that survives browsers where localStorage throws (private modes, disabled
 * storage): the app then works without remembering anything.
 */
export function readStorage(key: StorageKey): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not persisted; the in-memory state still applies for this visit.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}
