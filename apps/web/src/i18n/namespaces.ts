// Translation namespaces. The web's own live in ./locales/<lang>/<ns>.json: the shell's below, and
// each feature's, which its declaration names (features/<name>/feature.ts, composed in
// app/features.ts). `errors` and `validation` are the server's catalogue from packages/shared, so
// both sides say the same words.

/** The shell's own: the header, footer, errors and the ui/ pieces' words (loaded before the first render). */
export const SHELL_NAMESPACES = ['common'] as const;
export const SHARED_NAMESPACES = ['errors', 'validation'] as const;

/** Loaded before the first render: the shell (header, footer, errors) cannot wait for it. */
export const DEFAULT_NAMESPACE = 'common';
