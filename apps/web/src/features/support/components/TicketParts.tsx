// Pieces the user's ticket view and the operators' share: the answer for a ticket that is not
// there, and a ticket's heading (number, title, type, status).
import { Button, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../ui/Panel';
import { Paragraph, Title } from '../../../ui/Text';
import type { TicketDetail } from '../support.api';
import { StatusBadge } from './StatusBadge';

export function MissingTicket({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('support');
  return (
    <Panel>
      <Paragraph>{t('detail.missing')}</Paragraph>
      <Button onClick={onBack}>{t('detail.back')}</Button>
    </Panel>
  );
}

export function TicketHeading({ ticket }: { ticket: Pick<TicketDetail, 'id' | 'title' | 'type' | 'status'> }) {
  const { t } = useTranslation('support');
  return (
    <Flex justify="space-between" align="center" gap={8} wrap>
      <Title level={2} style={{ margin: 0, fontSize: 20 }}>
        #{ticket.id} {ticket.title}
      </Title>
      <Flex gap={8} align="center" wrap>
        <Tag>{t(`types.${ticket.type}`)}</Tag>
        <StatusBadge status={ticket.status} />
      </Flex>
    </Flex>
  );
}
