// What a failed statement means, from its SQLSTATE. drizzle wraps the driver's error (node-postgres
// or PGlite), so the code may sit on the error or on any cause below it; these look through all.

/** The SQLSTATE of a database error, wherever drizzle put it; undefined for other errors. */
export function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** A unique index refused the row (23505): the name, key or address is taken. */
export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505';

/** A foreign key refused the row (23503): what it points to went away meanwhile. */
export const isForeignKeyViolation = (error: unknown): boolean => sqlState(error) === '23503';
