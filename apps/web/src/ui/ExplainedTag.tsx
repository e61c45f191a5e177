// A status tag with its explanation: shown on hover, click (touch) or keyboard focus, and read out
// with the tag by screen readers.
import { Tooltip } from 'antd';
import type { ReactNode } from 'react';

export function ExplainedTag({ label, hint, children }: { label: string; hint: string; children: ReactNode }) {
  return (
    <Tooltip title={hint} trigger={['hover', 'click', 'focus']}>
      <span tabIndex={0} aria-label={`${label}: ${hint}`} style={{ cursor: 'help' }}>
        {children}
      </span>
    </Tooltip>
  );
}
