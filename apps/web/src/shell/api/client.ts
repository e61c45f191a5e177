// The client every call goes through (docs/architecture.md, The web app): the exchange itself is
// transport.ts; here are the session rules around it (docs/rules.md, States and transitions: refresh before a call
// when due, refresh and reload on 40001) and the error display.
import { OBSERVER_TOKEN_PARAM } from '@hashpool/shared';
import { getAccessToken } from '../session/session';
import { carriesObserverToken, getObserverToken, OBSERVER_REFUSALS, observerRefused } from '../session/observer';
import { ApiError } from './api-error';
import { presentError } from './error-presenter';
import { refresher } from './session-refresh';
import { handleTokenExpired, TOKEN_EXPIRED_CODE } from './token-expiry';
import { download, exchange, type Answer, type DownloadedFile, type Method, type QueryParams } from './transport';

export { API_BASE, API_TIMEOUT_MS, type QueryParams } from './transport';

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
      await refresher.ensureFresh();
      token = getAccessToken();
    }
    return await run(token);
  } catch (caught) {
    const error = caught instanceof ApiError ? caught : new ApiError({ kind: 'network', msg: String(caught) });
    if (error.kind === 'server' && error.status === 400 && error.code === TOKEN_EXPIRED_CODE) await handleTokenExpired(error, token);
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
