// Cancelling a red packet (its funder on /user/red_packet, or an operator): behind a confirmation,
// as it closes the packet for good and returns the budget of the shares nobody received to the
// funder. Shown while a share is left to cancel (the server refuses it otherwise).
import { useState } from 'react';
import { Button } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useToast } from '../../../ui/toast';
import type { AdminRedPacket } from '../promotions.api';

export function canCancel(p: AdminRedPacket): boolean {
  return (p.status === 'open' || p.status === 'expired') && p.shares_left > 0;
}

export function CancelPacketButton({ packet, cancel }: { packet: AdminRedPacket; cancel: (id: string) => Promise<unknown> }) {
  const { t } = useTranslation('promotions');
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  if (!canCancel(packet)) return null;
  return (
    <>
      <Button size="small" danger icon={<StopOutlined />} onClick={() => setAsking(true)}>
        {t('cancel_packet.button')}
      </Button>
      {asking && (
        <ConfirmDialog
          title={t('cancel_packet.title', { name: packet.name })}
          text={t('cancel_packet.text', { left: packet.shares_left, shares: packet.shares })}
          okText={t('cancel_packet.confirm')}
          onConfirm={async () => {
            await cancel(packet.id);
            toast.success(t('cancel_packet.done'));
          }}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}
