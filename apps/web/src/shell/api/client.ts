// The client every call goes through (docs/architecture.md, The web app): the exchange itself is
// transport.ts; here are the session rules around it (docs/rules.md, States and transitions: refresh before a call
// when due, refresh and reload on 40001) and the error display. The refresher (session-refresh.ts,
// token-expiry.ts) loads with the first call made with a session, so a logged-out visit never loads
// it (about 2 KB gzip of the first screen); if it cannot load (a new deployment, the network), the
// session ends here as a logout would, rather than leaving the call waiting.
import { OBSERVER_TOKEN_PARAM } from '@hashpool/shared';
import { clearSession, getAccessToken, readSession } from '../session/session';
import { carriesObserverToken, getObserverToken, OBSERVER_REFUSALS, observerRefused } from '../session/observer';
import { ApiError } from './api-error';
import type * as SessionRulesModule from './token-expiry';
import { presentError } from './error-presenter';
import { download, exchange, type Answer, type DownloadedFile, type Method, type QueryParams } from './transport';

export { API_BASE, API_TIMEOUT_MS, type QueryParams } from './transport';

/** An expired access token (HTTP 400; token-expiry.ts). */
export const TOKEN_EXPIRED_CODE = 40001;

type SessionRules = typeof SessionRulesModule;

/** The refresher's module, or null (and the session ended) when it cannot be loaded. */
async function sessionRules(): Promise<SessionRules | null> {
  try {
    return await import('./token-expiry');
  } catch {
    clearSession();
    return null;
  }
}

export interface RequestOptions {
  query?: QueryParams;
  /** A JSON object; its top-level fields are signed. */
  body?: Record<string, unknown>;
  signal?: AbortSignal;
  /** The caller shows the error itself (or it is not worth showing). */
  silent?: boolean;
  headers?: Record<string, string>;
  /** A multipart body (an upload) instead of JSON. */
  form?: FormData;
}

/**
 * An observer's call (shell/session/observer.ts): the token in the query instead of the bearer
 * token, which it would override anyway.
 */
function observed(method: Method, path: string, query: QueryParams | undefined): QueryParams | null {
  if (!carriesObserverToken(method, path)) return null;
  return { ...query, [OBSERVER_TOKEN_PARAM]: getObserverToken() ?? '' };
}

/** The session rules around one exchange: a fresh token before it, the 40001 reaction and the error display after. */
async function withSession<T>(options: Pick<RequestOptions, 'silent'>, run: (token: string | null) => Promise<T>, observer = false): Promise<T> {
  let token: string | null = null;
  try {
    if (!observer) {
      if (readSession()) await (await sessionRules())?.refresher.ensureFresh();
      token = getAccessToken();
    }
    return await run(token);
  } catch (caught) {
    const error = caught instanceof ApiError ? caught : new ApiError({ kind: 'network', msg: String(caught) });
    if (error.kind === 'server' && error.status === 400 && error.code === TOKEN_EXPIRED_CODE) await (await sessionRules())?.handleTokenExpired(error, token);
    // An expired or revoked observer link: observer mode ends and the keeper goes to /login with the message.
    if (observer && error.kind === 'server' && OBSERVER_REFUSALS.has(error.code)) {
      observerRefused(error.message);
      throw error;
    }
    if (!options.silent && error.kind !== 'aborted') presentError(error);
    throw error;
  }
}

/** The whole answer, for the few calls whose `msg` is worth showing on success. */
export function apiExchange<T>(method: Method, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
  const observer = observed(method, path, options.query);
  const query = observer ?? options.query;
  return withSession(options, (token) => exchange<T>(method, path, { query, body: options.body, signal: options.signal, token, headers: options.headers, ...(options.form ? { form: options.form } : {}) }), observer !== null);
}

/** A file from a GET (an export), under the same session rules. */
export function apiDownload(path: string, query?: QueryParams): Promise<DownloadedFile> {
  const observer = observed('GET', path, query);
  return withSession({}, (token) => download(path, { query: observer ?? query, token }), observer !== null);
}

export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiExchange<T>(method, path, options)).data;
}

export const api = {
  get: <T>(path: string, query?: QueryParams, options?: Omit<RequestOptions, 'query' | 'body'>) => apiRequest<T>('GET', path, { ...options, query }),
  post: <T>(path: string, body?: Record<string, unknown>, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: Record<string, unknown>, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('PUT', path, { ...options, body }),
  /** One file as multipart (field `file`), e.g. a payment certificate. */
  upload: <T>(path: string, file: File, options?: Omit<RequestOptions, 'body' | 'form'>) => {
    const form = new FormData();
    form.append('file', file);
    return apiRequest<T>('POST', path, { ...options, form });
  },
  delete: <T>(path: string, body?: Record<string, unknown>, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('DELETE', path, { ...options, body }),
};
