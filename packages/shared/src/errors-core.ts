// The part of the error catalogue (errors.ts) that the web's first screen needs: the success code,
// the envelope every answer comes in, and the codes that refuse an observer token. Apart from
// errors.ts so that the web's shell carries these few lines and not the whole catalogue, which
// only the pages that map an error to a form field read (apps/web/vite.config.ts).

export const SUCCESS_CODE = 0;

/** The codes with which the server refuses an observer token itself; ERRORS includes them. */
export const OBSERVER_TOKEN_ERRORS = {
  /** The observer token is unknown (mistyped or never issued). */
  observer_link_invalid: { code: 36001, status: 401 },
  observer_link_expired: { code: 36002, status: 401 },
  observer_link_revoked: { code: 36003, status: 401 },
} as const;

/** The body every API call answers with (docs/architecture.md, Requests). */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** One invalid field of a request: where it is and which validation message applies. */
export interface FieldIssue {
  /** Dotted path inside the part, e.g. `body.email` or `query.page_size`. */
  field: string;
  /** Key in the `validation` namespace of the locales. */
  message_key: string;
  /** The message in the caller's language. */
  message: string;
}
