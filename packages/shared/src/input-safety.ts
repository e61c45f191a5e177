// What no request may carry, whatever its route's schema says (docs/security.md item 35): U+0000
// (PostgreSQL text cannot hold it, so it failed deep in a query as a 500), unpaired UTF-16
// surrogates (not text at all: encodeURIComponent and the database refuse them), and nesting
// deeper than any of our bodies has (recursive code on a 5,000-deep body overflows the stack).
// The server checks every request's parameters, query and body with findUnsafeInput() once, before
// any schema, signature or handler runs; names (nicknames, aliases, group names) also refuse the
// other control characters through the schemas below.

/** Deepest object/array nesting any request of ours needs (bodies are two or three levels deep). */
export const MAX_INPUT_DEPTH = 16;

// A lone high surrogate (not followed by a low one) or a lone low surrogate (not preceded by a high one).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/** A string that can be stored and signed: no U+0000 and no unpaired surrogate. */
export function isStorableText(s: string): boolean {
  return !s.includes('\u0000') && !LONE_SURROGATE.test(s);
}

/** A name (nickname, alias, group name): storable and without control characters such as tab or newline. */
export function isNameText(s: string): boolean {
  return !CONTROL.test(s) && !LONE_SURROGATE.test(s);
}

export type UnsafeInput = { path: string; problem: 'text' | 'depth' };

/**
 * The first place in `value` (a request's params, query or body, parsed) holding text that is not
 * storable, or nested deeper than MAX_INPUT_DEPTH; null when there is none. Keys are checked as
 * well as values (a parsed query string is an object without Object's prototype, so any object
 * is walked). Iterative, so a hostile depth cannot overflow the stack here either.
 */
export function findUnsafeInput(value: unknown, root: string): UnsafeInput | null {
  const stack: Array<{ v: unknown; path: string; depth: number }> = [{ v: value, path: root, depth: 0 }];
  while (stack.length > 0) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return { path, problem: 'text' };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    // Raw bodies (bytes, a multipart stream) are their routes' business.
    if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer || typeof (v as { pipe?: unknown }).pipe === 'function') continue;
    const isArray = Array.isArray(v);
    if (depth >= MAX_INPUT_DEPTH) return { path, problem: 'depth' };
    if (isArray) {
      (v as unknown[]).forEach((item, i) => stack.push({ v: item, path: `${path}.${i}`, depth: depth + 1 }));
    } else {
      for (const [key, item] of Object.entries(v as Record<string, unknown>)) {
        if (!isStorableText(key)) return { path, problem: 'text' };
        stack.push({ v: item, path: `${path}.${key}`, depth: depth + 1 });
      }
    }
  }
  return null;
}
