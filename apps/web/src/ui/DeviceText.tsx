// A recorded User-Agent shown as browser and system ("Chrome 120 on Windows 10"), the raw string
// in the title for whoever needs it.
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceName } from './device';

export function DeviceText({ userAgent, style }: { userAgent: string | null; style?: CSSProperties }) {
  const { t } = useTranslation('common');
  if (!userAgent) return <span style={style}>--</span>;
  return (
    <span title={userAgent} style={style}>
      {deviceName(userAgent, (key, options) => t(key, options))}
    </span>
  );
}
