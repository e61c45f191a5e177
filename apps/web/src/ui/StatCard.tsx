// One figure of a dashboard: a label, the value (a hashrate's number and unit apart, so the number
// stands out), and an optional line under it.
import type { ReactNode } from 'react';
import { Flex, theme } from 'antd';
import { splitHashrate } from '@hashpool/shared';
import { Panel } from './Panel';
import { Text } from './Text';

interface StatCardProps {
  label: ReactNode;
  value: ReactNode;
  unit?: ReactNode;
  footer?: ReactNode;
  /** For tests and assistive technology: names the figure. */
  testId?: string;
}

export function StatCard({ label, value, unit, footer, testId }: StatCardProps) {
  const { token } = theme.useToken();
  return (
    <Panel padding={20} style={{ height: '100%' }} data-testid={testId}>
      <Flex vertical gap={6}>
        <Text tone="secondary">{label}</Text>
        <div style={{ fontSize: 26, fontWeight: 600, lineHeight: 1.2, color: token.colorTextHeading, wordBreak: 'break-word' }}>
          {value}
          {/* A unit never breaks ("KH" and "/s" on two lines on a phone). */}
          {unit && <span style={{ fontSize: 15, fontWeight: 500, marginInlineStart: 6, color: token.colorTextSecondary, whiteSpace: 'nowrap' }}>{unit}</span>}
        </div>
        {footer}
      </Flex>
    </Panel>
  );
}

/** A hashrate figure: "123.45" large, "TH/s" beside it. */
export function HashrateStat({ label, hashrate, testId }: { label: ReactNode; hashrate: number | null | undefined; testId?: string }) {
  const { value, unit } = splitHashrate(hashrate);
  return <StatCard label={label} value={hashrate === null || hashrate === undefined ? '--' : value} unit={hashrate === null || hashrate === undefined ? undefined : unit} testId={testId} />;
}
