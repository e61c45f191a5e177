// Text for screen readers only: it is in the page's accessibility tree (a table column's header that
// would repeat every row's own link text) but takes no space on screen. The usual clip pattern,
// which keeps the text readable where `display: none` would hide it from assistive technology too.
import type { ReactNode } from 'react';

const HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span style={HIDDEN}>{children}</span>;
}
