// The one error type every API call rejects with, whatever went wrong.
import type { FieldIssue } from '@hashpool/shared';

/**
 * server: the API answered with a non-zero code; http: something answered without our envelope
 * (proxy error page); network: no answer at all; timeout: no answer within 20 s; aborted: the
 * caller cancelled (a page left, a query superseded) and nobody needs to hear about it.
 */
export type ApiErrorKind = 'server' | 'http' | 'network' | 'timeout' | 'aborted';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** The envelope's code; 0 when there was no envelope. */
  readonly code: number;
  readonly status: number;
  readonly fields: readonly FieldIssue[];
  readonly requestId: string | undefined;

  constructor(init: { kind: ApiErrorKind; msg?: string; code?: number; status?: number; fields?: readonly FieldIssue[]; requestId?: string }) {
    super(init.msg ?? '');
    this.name = 'ApiError';
    this.kind = init.kind;
    this.code = init.code ?? 0;
    this.status = init.status ?? 0;
    this.fields = init.fields ?? [];
    this.requestId = init.requestId;
  }
}
