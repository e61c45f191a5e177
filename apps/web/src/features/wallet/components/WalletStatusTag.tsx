// The status of a withdrawal, a deposit or a ledger posting (which carries its withdrawal's or
// deposit's status, else "completed"). A status this version does not know shows as it is.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<string, string> = {
  reviewing: 'gold',
  processing: 'processing',
  broadcast: 'blue',
  completed: 'success',
  credited: 'success',
  confirming: 'processing',
  rejected: 'error',
  failed: 'error',
  reversed: 'error',
};

export function WalletStatusTag({ status }: { status: string }) {
  const { t } = useTranslation('wallet');
  return (
    <Tag color={COLOURS[status] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {t(`status.${status}`, { defaultValue: status })}
    </Tag>
  );
}
