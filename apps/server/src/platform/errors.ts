// Errors as the API answers them: the envelope with a catalogue code, a message in the caller's
// language and a fitting HTTP status. Services throw AppError; everything else that escapes a
// handler is logged with its cause and answered as "system error" without internals.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, V, type ErrorKey, type FieldIssue } from '@hashpool/shared';
import { hasMessage, translate } from './messages';

export class AppError extends Error {
  readonly key: ErrorKey;
  readonly fields: Array<{ field: string; messageKey: string }> | undefined;
  readonly params: Record<string, string>;
  constructor(key: ErrorKey, options: { fields?: Array<{ field: string; messageKey: string }>; params?: Record<string, string>; cause?: unknown } = {}) {
    super(key, { cause: options.cause });
    this.name = 'AppError';
    this.key = key;
    this.fields = options.fields;
    this.params = options.params ?? {};
  }
  get status(): number {
    return ERRORS[this.key].status;
  }
}

interface ValidationItem {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

const PART: Record<string, string> = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' };

/**
 * Names the field and picks the validation message key. Our schemas use message keys from V as
 * their messages; zod's own messages (type errors, unknown keys) are mapped by issue kind.
 */
function fieldIssue(part: string, item: ValidationItem): { field: string; messageKey: string } {
  const segments = (item.instancePath ?? '').split('/').filter(Boolean);
  const unknown = item.keyword === 'unrecognized_keys' ? (item.params?.keys as string[] | undefined) : undefined;
  const pathText = [part, ...segments, ...(unknown?.length ? [unknown.join(',')] : [])].join('.');
  let messageKey: string = V.invalid;
  if (item.message && hasMessage('validation', item.message)) messageKey = item.message;
  else if (item.keyword === 'unrecognized_keys') messageKey = V.unknownField;
  else if (item.keyword === 'invalid_type' && item.params?.input === undefined) messageKey = V.required;
  else if (item.keyword === 'too_small') messageKey = V.tooSmall;
  else if (item.keyword === 'too_big') messageKey = item.params?.origin === 'string' ? V.tooLong : V.tooBig;
  return { field: pathText, messageKey };
}

/** Fastify errors that are the client's fault, by code, and how we answer them. */
const CLIENT_ERRORS: Record<string, ErrorKey> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation_failed',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'validation_failed',
  FST_ERR_CTP_INVALID_JSON_BODY: 'validation_failed',
};

export function toAppError(error: FastifyError | AppError | Error): AppError {
  if (error instanceof AppError) return error;
  const fe = error as FastifyError & { validation?: ValidationItem[]; validationContext?: string };
  if (Array.isArray(fe.validation)) {
    const part = PART[fe.validationContext ?? 'body'] ?? 'body';
    return new AppError('validation_failed', { fields: fe.validation.map((v) => fieldIssue(part, v)), cause: error });
  }
  if (fe.code && CLIENT_ERRORS[fe.code]) return new AppError(CLIENT_ERRORS[fe.code]!, { cause: error });
  if (fe instanceof SyntaxError) return new AppError('validation_failed', { cause: error });
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    const byStatus: Record<number, ErrorKey> = { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 413: 'payload_too_large', 415: 'unsupported_media_type', 429: 'too_many_requests' };
    return new AppError(byStatus[fe.statusCode] ?? 'validation_failed', { cause: error });
  }
  return new AppError('system_error', { cause: error });
}

export function errorBody(request: FastifyRequest, error: AppError) {
  const fields: FieldIssue[] | undefined = error.fields?.map((f) => ({
    field: f.field,
    message_key: f.messageKey,
    message: translate(request.lang, 'validation', f.messageKey),
  }));
  const params = { fields: fields?.map((f) => f.field).join(', ') ?? '', ...error.params };
  return {
    code: ERRORS[error.key].code,
    msg: translate(request.lang, 'errors', error.key, params),
    data: { request_id: request.id, ...(fields ? { fields } : {}) },
  };
}

export function errorHandler(this: unknown, error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error);
  if (appError.key === 'system_error') request.log.error({ err: error }, 'unhandled error');
  else if (appError.status === 401 || appError.status === 403) request.log.warn({ code: appError.key }, 'access refused');
  return reply.status(appError.status).send(errorBody(request, appError));
}

/** The success envelope (docs/architecture.md, Requests). */
export function ok<T>(request: FastifyRequest, data: T) {
  return { code: 0 as const, msg: translate(request.lang, 'errors', 'success'), data };
}
