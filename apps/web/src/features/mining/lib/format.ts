// Number formatting the pool pages need beyond packages/shared: ratios as percentages.

/**
 * A ratio (0..1) as a percentage with two decimals: reject rates ("1.25%") and block effort
 * (1.5 -> "150.00%"). Missing or non-finite values show as "--", as shared's formatters do.
 */
export function formatPercent(ratio: number | null | undefined, decimals = 2): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return '--';
  return `${(ratio * 100).toFixed(decimals)}%`;
}

/** A coin code as its ticker ("btc" -> "BTC"), for texts that name the coin. */
export function coinTicker(code: string, symbol?: string): string {
  return symbol ?? code.toUpperCase();
}

/**
 * A large plain number (network difficulty) in the reader's language's short form: "130T" in
 * English, "130万亿" in Chinese. Intl knows each language's words for it.
 */
export function formatCompact(value: number | null | undefined, language: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '--';
  return new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 2 }).format(value);
}
