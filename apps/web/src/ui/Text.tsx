// Headings and text in the theme's colours. Ant Design's Typography carries editing, copying and
// ellipsis machinery (a text area, tooltips) that a read-only page never uses; these plain
// elements keep the first screen light.
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { theme } from 'antd';

type Tone = 'default' | 'secondary';

interface TextProps extends HTMLAttributes<HTMLElement> {
  tone?: Tone;
  strong?: boolean;
  children?: ReactNode;
}

function useToneColour(tone: Tone): string {
  const { token } = theme.useToken();
  return tone === 'secondary' ? token.colorTextSecondary : token.colorText;
}

export function Text({ tone = 'default', strong, style, ...rest }: TextProps) {
  const color = useToneColour(tone);
  return <span style={{ color, fontWeight: strong ? 600 : undefined, ...style }} {...rest} />;
}

export function Paragraph({ tone = 'default', strong, style, ...rest }: TextProps) {
  const color = useToneColour(tone);
  return <p style={{ color, fontWeight: strong ? 600 : undefined, margin: '0 0 1em', lineHeight: 1.7, ...style }} {...rest} />;
}

const HEADING_SIZES: Record<1 | 2 | 3 | 4 | 5, CSSProperties> = {
  1: { fontSize: 'clamp(26px, 4vw, 38px)', lineHeight: 1.25 },
  2: { fontSize: 'clamp(22px, 3vw, 28px)', lineHeight: 1.3 },
  3: { fontSize: 20, lineHeight: 1.4 },
  4: { fontSize: 17, lineHeight: 1.45 },
  5: { fontSize: 15, lineHeight: 1.5 },
};

/**
 * A heading. `level` is its place in the page's outline (screen readers list headings by it, and
 * levels must not skip); `size` is how big it looks, the level's size unless given: a footer's
 * column titles are second-level headings that look small.
 */
export function Title({ level = 2, size = level, style, ...rest }: HTMLAttributes<HTMLHeadingElement> & { level?: 1 | 2 | 3 | 4 | 5; size?: 1 | 2 | 3 | 4 | 5 }) {
  const { token } = theme.useToken();
  const Tag = `h${level}` as const;
  return <Tag style={{ color: token.colorTextHeading, fontWeight: 600, margin: '0 0 0.6em', ...HEADING_SIZES[size], ...style }} {...rest} />;
}
