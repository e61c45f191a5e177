// Observer mode (docs/product-guide.md, Observer links): a page opened with
// ?observer_token= shows one sub-account read-only, without a login. This module holds the token
// of this tab (from the address; features/observers keeps it in the address while the visitor
// moves between the link's pages), tells the API client which calls carry it, and says what the
// token may see (GET /users/observer/info). The table of pages is the one the server enforces
// (OBSERVER_PAGES in @hashpool/shared).
import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { OBSERVER_TOKEN_ERRORS, OBSERVER_TOKEN_PARAM, isObserverApiPath, observerPaths, observerPermissionsOf, type ObserverInfo } from '@hashpool/shared';
import { changeSignal } from '../../ui/change-signal';
import { send } from '../api/transport';

const changes = changeSignal();

/** The token in a query string, or null. */
export function observerTokenIn(search: string): string | null {
  const value = new URLSearchParams(search).get(OBSERVER_TOKEN_PARAM);
  return value ? value : null;
}

let token: string | null = typeof window === 'undefined' ? null : observerTokenIn(window.location.search);
/** The server's message when it refused the token (expired, revoked, unknown); shown on the way to /login. */
let refusal: string | null = null;

export function getObserverToken(): string | null {
  return token;
}

export function setObserverToken(next: string | null): void {
  if (next === token) return;
  token = next;
  if (next) refusal = null;
  changes.notify();
}

/** The token the visitor left (Leave observer view): its address, still on screen, does not bring it back. */
let left: string | null = null;

/** Ends observer mode in this tab; the caller goes on to a page without the token. */
export function leaveObserverView(): void {
  left = token;
  setObserverToken(null);
}

/** Whether a token found in the address starts (or switches) observer mode. */
export function adoptsObserverToken(found: string | null): found is string {
  return found !== null && found !== token && found !== left;
}

export function useObserverToken(): string | null {
  return useSyncExternalStore(changes.subscribe, getObserverToken, () => null);
}

/** The error codes with which the server refuses an observer token itself. */
export const OBSERVER_REFUSALS: ReadonlySet<number> = new Set(Object.values(OBSERVER_TOKEN_ERRORS).map(({ code }) => code));

/** The token was refused: observer mode ends, and the message waits for the keeper to show it. */
export function observerRefused(message: string): void {
  refusal = message;
  token = null;
  changes.notify();
}

export function useObserverRefusal(): string | null {
  return useSyncExternalStore(changes.subscribe, () => refusal, () => null);
}

export function clearObserverRefusal(): void {
  refusal = null;
  changes.notify();
}

/**
 * Whether a call carries the token (and no bearer token: it would be overridden anyway): the GET
 * calls of the observer pages, and every change, so that the server refuses it as read-only.
 */
export function carriesObserverToken(method: string, path: string): boolean {
  return token !== null && (method !== 'GET' || isObserverApiPath(path) || path === OBSERVER_INFO_PATH);
}

export const OBSERVER_INFO_PATH = '/users/observer/info';

/** What the tab's token may see; undefined without a token or while loading. */
export function useObserverInfo() {
  const current = useObserverToken();
  return useQuery<ObserverInfo>({
    queryKey: ['observer', current, 'info'],
    // Straight through the transport: the client's session rules are not this call's, and the
    // keeper (features/observers) shows a refusal itself.
    queryFn: ({ signal }) => send<ObserverInfo>('GET', OBSERVER_INFO_PATH, { query: { [OBSERVER_TOKEN_PARAM]: current ?? '' }, signal }),
    enabled: current !== null,
    staleTime: 60_000,
    retry: false,
  });
}

/** The observer's view of the route table: the permissions and the paths the link opens. */
export function observerAccess(info: ObserverInfo): { permissions: string[]; paths: string[] } {
  return { permissions: observerPermissionsOf(info.permission), paths: observerPaths(info.permission) };
}

/** True in observer mode: pages leave out every change (the server refuses them anyway). */
export function useReadOnlyView(): boolean {
  return useObserverToken() !== null;
}
