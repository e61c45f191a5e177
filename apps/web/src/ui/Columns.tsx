// Equal columns whose count follows the screen width, for cards and link groups: CSS grid with
// Ant Design's breakpoints (sm 576, md 768, lg 992 px; global.css `hp-columns`). Used where the
// first screen needs a grid, instead of Ant Design's Row and Col, which with their styles and
// breakpoint observer cost the home page some 3 KB (scripts/bench-bundle.mjs). A width without
// a count takes the count of the next smaller width.
import type { CSSProperties, ReactNode } from 'react';

interface ColumnsProps {
  /** Columns on phones, and from each breakpoint up. */
  columns: { xs: number; sm?: number; md?: number; lg?: number };
  /** [row gap, column gap] in pixels. */
  gap: [number, number];
  children: ReactNode;
}

export function Columns({ columns, gap, children }: ColumnsProps) {
  const style = {
    '--hp-cols-xs': columns.xs,
    '--hp-cols-sm': columns.sm,
    '--hp-cols-md': columns.md,
    '--hp-cols-lg': columns.lg,
    gap: `${gap[0]}px ${gap[1]}px`,
  } as CSSProperties;
  return (
    <div className="hp-columns" style={style}>
      {children}
    </div>
  );
}
