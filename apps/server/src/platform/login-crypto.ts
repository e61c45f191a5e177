// The login password travels RSA-OAEP (SHA-256) encrypted under a key pair made at start
// (GET /v2/users/encrypt/pubkey). TLS already protects it; this keeps passwords out of proxies'
// and load balancers' request logs. Several API instances each have their own pair: the key id
// tells which instance's key was used, and a stale id is answered so the client fetches anew.
import { constants, createHash, generateKeyPairSync, privateDecrypt, type KeyObject } from 'node:crypto';

export class LoginKeyPair {
  readonly publicKeyPem: string;
  readonly keyId: string;
  private readonly privateKey: KeyObject;

  constructor() {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    this.keyId = createHash('sha256').update(this.publicKeyPem).digest('hex').slice(0, 16);
    this.privateKey = privateKey;
  }

  /** The plaintext of a base64 RSA-OAEP/SHA-256 ciphertext, or null when it is not one of ours. */
  decrypt(ciphertextBase64: string): string | null {
    try {
      return privateDecrypt({ key: this.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(ciphertextBase64, 'base64')).toString('utf8');
    } catch {
      return null;
    }
  }
}
