import { BRAND } from '../../shell/theme';

/** The logo: an "H" in the brand colours, drawn inline so it needs no request. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill={BRAND.primary} />
      <path d="M9 8v16M23 8v16M9 16h14" stroke={BRAND.accent} strokeWidth="3.5" strokeLinecap="round" />
    </svg>
  );
}
