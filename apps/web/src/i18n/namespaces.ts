// Translation namespaces. The web's own live in ./locales/<lang>/<ns>.json; `errors` and
// `validation` are the server's catalogue from packages/shared, so both sides say the same words.
export const WEB_NAMESPACES = ['common', 'home', 'legal', 'download', 'auth', 'user', 'pool', 'wallet', 'admin', 'earnings', 'invite', 'mining', 'promotions', 'support', 'catalogue', 'staking', 'contracts', 'wechat', 'oauth', 'passkeys', 'observers'] as const;
export const SHARED_NAMESPACES = ['errors', 'validation'] as const;
export type Namespace = (typeof WEB_NAMESPACES)[number] | (typeof SHARED_NAMESPACES)[number];

/** Loaded before the first render: the shell (header, footer, errors) cannot wait for it. */
export const DEFAULT_NAMESPACE = 'common';
