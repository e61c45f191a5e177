// The login password travels RSA-OAEP (SHA-256) encrypted under the server's key
// (GET /v2/users/encrypt/pubkey: key_id and an SPKI PEM), on top of TLS, so it never appears in a
// proxy's or load balancer's request log. WebCrypto does the encryption; browsers offer it only
// on secure origins, so the login screen asks for HTTPS where it is missing.
import { accountsApi, type PublicKey } from '../accounts.api';

export function canEncryptPassword(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext && typeof crypto !== 'undefined' && typeof crypto.subtle?.encrypt === 'function';
}

function pemToDer(pem: string): ArrayBuffer {
  const base64 = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const binary = atob(base64);
  const der = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) der[i] = binary.charCodeAt(i);
  return der.buffer;
}

function toBase64(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export async function encryptPassword(key: PublicKey, password: string): Promise<string> {
  const publicKey = await crypto.subtle.importKey('spki', pemToDer(key.public_key), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  return toBase64(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, publicKey, new TextEncoder().encode(password)));
}

let cachedKey: Promise<PublicKey> | null = null;

/** The server's login key, fetched once; `fresh` fetches anew after the server called ours stale. */
export function loginKey(fresh = false): Promise<PublicKey> {
  if (fresh || !cachedKey) {
    cachedKey = accountsApi.publicKey().catch((error: unknown) => {
      cachedKey = null;
      throw error;
    });
  }
  return cachedKey;
}
