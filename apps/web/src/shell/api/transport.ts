// One HTTP exchange with the API, nothing more: base /api, the { code, msg, data } envelope, 20 s
// time-out, `lang` and device headers, bearer token and request signature. The session rules
// (refresh before a call, the 40001 reaction) and the error display live in client.ts; the
// refresh call itself comes straight here, so refreshing never waits for itself.
import { LANGUAGE_HEADER, SUCCESS_CODE, type FieldIssue } from '@hashpool/shared';
import { currentLanguage } from '../../i18n';
import { ApiError } from './api-error';
import { DEVICE_HEADER, deviceId } from './device';
import { API_TIMEOUT_MS } from './limits';

export const API_BASE = '/api';
export { API_TIMEOUT_MS };

export type QueryParams = Record<string, string | number | boolean | undefined>;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface TransportOptions {
  query?: QueryParams;
  /** A JSON object; its top-level fields are signed. */
  body?: Record<string, unknown>;
  signal?: AbortSignal;
  /** The bearer token to send; null or absent sends none. */
  token?: string | null;
  /** Extra headers of one call (the idempotency key of a money movement); not signed. */
  headers?: Record<string, string>;
  /** A multipart upload (a ticket's attachment) instead of a JSON body; only the query is signed. */
  form?: FormData;
}

interface RawEnvelope {
  code?: unknown;
  msg?: unknown;
  data?: unknown;
}

/** Query values as they travel, which is also how they are signed. */
function queryStrings(query: QueryParams | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) out[name] = String(value);
  }
  return out;
}

type Signer = (params: Record<string, unknown>) => Record<string, string>;

let signer: Promise<Signer> | null = null;

/**
 * The request signer: the signing key, fetched once per page load by the only unsigned call, and
 * the hashing code (./sign and @noble/hashes), a chunk of its own that loads while the key is on
 * its way, so the first screen does not carry it and no call waits longer for it.
 */
function requestSigner(): Promise<Signer> {
  signer ??= Promise.all([
    send<Record<string, string>>('GET', '/parameters', { query: { keys: 'request_sign_key' } }, false),
    import('./sign'),
  ]).then(
    ([parameters, { signatureHeaders }]) => {
      const key = parameters.request_sign_key ?? '';
      return (params) => signatureHeaders(key, params);
    },
    (error: unknown) => {
      signer = null; // Let the next call try again.
      throw error;
    },
  );
  return signer;
}

/** An answer's data with its message: `msg` is normally "success", but a few calls say more. */
export interface Answer<T> {
  data: T;
  msg: string;
}

export async function send<T>(method: Method, path: string, options: TransportOptions, signed = true): Promise<T> {
  return (await exchange<T>(method, path, options, signed)).data;
}

/** A file the API sends instead of an envelope (an export), with the name it gives it. */
export interface DownloadedFile {
  blob: Blob;
  name: string;
}

/**
 * A GET that answers a file: the same headers and signature as any call; an error still comes as
 * the { code, msg, data } envelope (JSON), and is thrown as such.
 */
export async function download(path: string, options: Pick<TransportOptions, 'query' | 'token' | 'signal'>): Promise<DownloadedFile> {
  const response = await request('GET', path, options, true, '*/*');
  if ((response.headers.get('content-type') ?? '').startsWith('application/json')) {
    await readEnvelope(response); // throws the server's error
    throw new ApiError({ kind: 'http', status: response.status });
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download';
  return { blob: await response.blob(), name };
}

export async function exchange<T>(method: Method, path: string, options: TransportOptions, signed = true): Promise<Answer<T>> {
  return readEnvelope<T>(await request(method, path, options, signed, 'application/json'));
}

async function request(method: Method, path: string, options: TransportOptions, signed: boolean, accept: string): Promise<Response> {
  const query = queryStrings(options.query);
  const headers: Record<string, string> = { ...options.headers, [LANGUAGE_HEADER]: currentLanguage(), [DEVICE_HEADER]: deviceId(), accept };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body) headers['content-type'] = 'application/json';
  if (signed) Object.assign(headers, (await requestSigner())({ ...query, ...options.body }));

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), API_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  const search = new URLSearchParams(query).toString();

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}${search ? `?${search}` : ''}`, {
      method,
      headers,
      body: options.form ?? (options.body ? JSON.stringify(options.body) : undefined),
      credentials: 'same-origin',
      signal,
    });
  } catch {
    if (options.signal?.aborted) throw new ApiError({ kind: 'aborted' });
    throw new ApiError({ kind: timeout.signal.aborted ? 'timeout' : 'network' });
  } finally {
    clearTimeout(timer);
  }
  return response;
}

async function readEnvelope<T>(response: Response): Promise<Answer<T>> {
  let envelope: RawEnvelope;
  try {
    envelope = (await response.json()) as RawEnvelope;
  } catch {
    throw new ApiError({ kind: 'http', status: response.status });
  }
  if (typeof envelope.code !== 'number') throw new ApiError({ kind: 'http', status: response.status });
  if (envelope.code !== SUCCESS_CODE) {
    const data = (envelope.data ?? {}) as { request_id?: string; fields?: FieldIssue[] };
    throw new ApiError({
      kind: 'server',
      code: envelope.code,
      msg: typeof envelope.msg === 'string' ? envelope.msg : '',
      status: response.status,
      fields: data.fields,
      requestId: data.request_id,
    });
  }
  return { data: envelope.data as T, msg: typeof envelope.msg === 'string' ? envelope.msg : '' };
}
