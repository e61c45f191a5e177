// A packet's share link and its QR code (Ant Design's QRCode), for operators and for anyone who
// opens the packet.
import { Flex, QRCode } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyValue } from '../../../ui/CopyValue';
import { Paragraph } from '../../../ui/Text';
import { packetLink } from '../lib/paths';

export function SharePanel({ id, size = 140 }: { id: string; size?: number }) {
  const { t } = useTranslation('promotions');
  const link = packetLink(id);
  return (
    <Flex gap={16} align="center" wrap>
      <QRCode value={link} size={size} bordered={false} aria-label={t('packet.qr_label')} />
      <Flex vertical gap={8} style={{ flex: 1, minWidth: 220 }}>
        <Paragraph tone="secondary" style={{ margin: 0 }}>
          {t('packet.share_hint')}
        </Paragraph>
        <CopyValue value={link} label={t('packet.share_link')} />
      </Flex>
    </Flex>
  );
}
