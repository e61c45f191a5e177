// Deposit: the sub-account's own address for the coin, as text to copy and as a QR code (Ant
// Design's, as on /download), and when the money counts: after the network's confirmations
// (docs/rules.md, Limits and constants: one).
import { Alert, Button, Flex, QRCode, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../ui/AppModal';
import { AddressText } from '../../../ui/AddressText';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Paragraph, Text } from '../../../ui/Text';
import { coinSymbol } from '../lib/balances';
import { useDepositAddress } from '../wallet.queries';

export default function DepositDialog({ coin, onClose }: { coin: string; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const { token } = theme.useToken();
  const deposit = useDepositAddress(coin);
  const symbol = coinSymbol(coin);
  return (
    <AppModal
      open
      narrow
      title={t('deposit.title', { coin: symbol })}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('dialog.done')}
        </Button>
      }
    >
      {deposit.data ? (
        <Flex vertical align="center" gap={12} style={{ marginTop: 16 }}>
          {/* Dark on light in both themes: not every wallet app scans an inverted code, and a misread deposit address loses money. */}
          <QRCode value={deposit.data.address} size={200} color="#000000" bgColor="#ffffff" style={{ borderColor: token.colorBorderSecondary }} aria-label={t('deposit.qr_label')} />
          <Text strong>{t('deposit.address_label', { coin: symbol })}</Text>
          <div data-testid="deposit-address" style={{ maxWidth: '100%', textAlign: 'center' }}>
            <AddressText value={deposit.data.address} label={t('deposit.address_label', { coin: symbol })} full />
          </div>
          <Paragraph tone="secondary" style={{ margin: 0, textAlign: 'center' }}>
            {t('deposit.confirmations', { count: deposit.data.confirmations })}
          </Paragraph>
          <Alert type="warning" showIcon title={t('deposit.only_coin', { coin: symbol })} style={{ width: '100%' }} />
        </Flex>
      ) : deposit.isError ? (
        <Paragraph tone="secondary" style={{ marginTop: 16 }}>
          {t('load_failed')}
        </Paragraph>
      ) : (
        <PageSpinner />
      )}
    </AppModal>
  );
}
