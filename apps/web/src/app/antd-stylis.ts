// @ant-design/cssinjs's style registration imports stylis's `prefixer` (vendor prefixes) for its
// `autoPrefix` option, which only a StyleProvider sets: this app has none, and Ant Design never
// sets it. vite.config.ts (antdStylisWithoutPrefixer) points that import here, so stylis's
// prefixing tables stay out of the bundle. Should the option ever be set, this says so at once
// rather than writing unprefixed styles.
// @ts-expect-error -- stylis ships no type declarations; these pass through to @ant-design/cssinjs as they are.
export { compile, middleware, serialize, stringify } from 'stylis';

export function prefixer(): never {
  throw new Error('StyleProvider autoPrefix is not available: src/app/antd-stylis.ts leaves stylis prefixer out of the build');
}
