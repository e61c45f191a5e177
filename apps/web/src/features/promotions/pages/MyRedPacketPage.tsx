// /user/red_packet/:id (user.view): one received packet (by its link id) with its red packet
// profit of every credited day.
import { Descriptions, Flex } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDateTime, formatHashrate, nameOf } from '@hashpool/shared';
import { UserPage } from '../../../shell/frames/UserPage';
import { SafeLink } from '../../../shell/navigation/navigation';
import type { UserMine } from '../../../shell/session/user.api';
import { AmountText } from '../../../ui/AmountText';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { useIsMobile } from '../../../ui/responsive';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { StatusResult } from '../../../ui/StatusResult';
import { ReceiptStatusTag } from '../components/StatusTags';
import { coinLabel } from '../lib/format';
import { promotionsPaths } from '../lib/paths';
import type { Receipt } from '../promotions.api';
import { useReceipt } from '../promotions.queries';

type Credit = Receipt['credits'][number];

function Detail({ id, mine }: { id: string; mine: UserMine }) {
  const { t, i18n } = useTranslation('promotions');
  const isMobile = useIsMobile();
  const receipt = useReceipt(id);
  if (receipt.isError) return <StatusResult status="not-found" title={t('receipts.not_found')} />;
  const r = receipt.data;
  if (!r) return <PageSpinner />;
  const columns: DataColumn<Credit>[] = [
    { key: 'day', title: t('receipts.credits.day'), render: (c) => c.day },
    { key: 'type', title: t('receipts.credits.type'), render: () => t('receipts.credits.type_value') },
    { key: 'amount', title: t('receipts.credits.amount'), align: 'right', render: (c) => <AmountText value={c.amount} coin={r.coin} strong /> },
  ];
  return (
    <Flex vertical gap={16}>
      <SafeLink to={promotionsPaths.receipts}>
        <LeftOutlined /> {t('receipts.back')}
      </SafeLink>
      <Panel padding={isMobile ? 16 : 24}>
        <Descriptions
          title={nameOf(r, i18n.language)}
          column={isMobile ? 1 : 2}
          extra={<ReceiptStatusTag status={r.status} />}
          items={[
            { key: 'hashrate', label: t('receipts.columns.hashrate'), children: `${formatHashrate(r.hashrate)} · ${coinLabel(r.coin)}` },
            { key: 'account', label: t('receipts.account'), children: r.account_name },
            { key: 'period', label: t('receipts.columns.period'), children: `${r.start_day} ~ ${r.end_day} (UTC)` },
            { key: 'received', label: t('receipts.columns.received'), children: formatDateTime(r.received_at, mine.timezone, 'YYYY-MM-DD HH:mm') },
            { key: 'paid', label: t('receipts.columns.paid'), children: <AmountText value={r.paid} coin={r.coin} strong /> },
            { key: 'link', label: t('receipts.packet_page'), children: <SafeLink to={promotionsPaths.packet(r.packet_id)}>{t('receipts.open_packet')}</SafeLink> },
          ]}
        />
      </Panel>
      <Panel title={t('receipts.credits.title')} padding={isMobile ? 16 : 24}>
        <ResponsiveTable rows={r.credits} rowKey={(c) => c.day} columns={columns} caption={t('receipts.credits.title')} empty={t('receipts.credits.empty')} cardTestId="credit" />
      </Panel>
    </Flex>
  );
}

export default function MyRedPacketPage() {
  const { t } = useTranslation('promotions');
  const { id = '' } = useParams();
  return <UserPage title={t('receipts.detail_title')}>{(mine) => <Detail id={id} mine={mine} />}</UserPage>;
}
