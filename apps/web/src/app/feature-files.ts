// Files a feature has by name (features/<name>/messages.ts), keyed by feature.

/** {"../features/support/messages.ts": x} -> {support: x}. */
export function byFeature<T>(modules: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(modules).map(([file, value]) => [file.split('/')[2]!, value]));
}
