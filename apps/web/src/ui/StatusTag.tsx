// A worker's running status (docs/rules.md, States and transitions): active, inactive (no share for 15 minutes),
// dead (none for 24 hours).
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkerStatus } from '@hashpool/shared';

export const STATUS_COLOURS: Record<WorkerStatus, string> = { active: 'success', inactive: 'warning', dead: 'error' };

export function StatusTag({ status }: { status: WorkerStatus }) {
  const { t } = useTranslation('common');
  return (
    <Tag color={STATUS_COLOURS[status]} style={{ marginInlineEnd: 0 }}>
      {t(`worker_status.${status}`)}
    </Tag>
  );
}
