// A ticket's status as a coloured tag.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TicketStatus } from '@hashpool/shared';

const COLOURS: Record<TicketStatus, string> = { open: 'processing', waiting_user: 'warning', answered: 'success', closed: 'default' };

export function StatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation('support');
  return <Tag color={COLOURS[status]}>{t(`status.${status}`)}</Tag>;
}
