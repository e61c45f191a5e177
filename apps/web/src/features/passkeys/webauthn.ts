// The browser side of WebAuthn: whether passkeys can be offered here, and SimpleWebAuthn's browser
// helpers loaded only when a passkey is actually used (they stay out of the first screen's bundle).

/** WeChat's in-app browser: passkeys are never offered there (SPEC section 5). */
export function isWeChatBrowser(): boolean {
  return typeof navigator !== 'undefined' && /MicroMessenger/i.test(navigator.userAgent);
}

/** The browser has WebAuthn credentials (and this is not WeChat's browser). */
export function passkeysSupported(): boolean {
  return !isWeChatBrowser() && typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function' && typeof navigator.credentials?.get === 'function';
}

export const loadWebAuthn = () => import('@simplewebauthn/browser');

/**
 * The browser refused or gave up: the user cancelled, the prompt timed out, or no passkey answered
 * (WebAuthn reports all of them as NotAllowedError, on purpose). "Verification Failed": try again or another way.
 */
export function isCancelledOrTimedOut(error: unknown): boolean {
  const name = (error as { name?: string; cause?: { name?: string } } | null)?.name;
  const causeName = (error as { cause?: { name?: string } } | null)?.cause?.name;
  return name === 'NotAllowedError' || name === 'AbortError' || causeName === 'NotAllowedError' || (error as { code?: string } | null)?.code === 'ERROR_CEREMONY_ABORTED';
}

/** The authenticator already holds a passkey of this account (excludeCredentials matched). */
export function isAlreadyRegistered(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || (error as { name?: string } | null)?.name === 'InvalidStateError';
}
