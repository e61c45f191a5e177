// /user/red_packet (user.view): the red packets the user received, newest first, with the days
// their hashrate works and the red packet profit credited so far; a row opens its detail.
import { Flex } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime, formatHashrate } from '@hashpool/shared';
import { UserPage } from '../../../shell/frames/UserPage';
import { SafeLink, useSafeNavigate } from '../../../shell/navigation/navigation';
import type { UserMine } from '../../../shell/session/user.api';
import { AmountText } from '../../../ui/AmountText';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Pager } from '../../../ui/Pager';
import { Panel } from '../../../ui/Panel';
import { useIsMobile } from '../../../ui/responsive';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { Paragraph } from '../../../ui/Text';
import { ReceiptStatusTag } from '../components/StatusTags';
import { coinLabel } from '../lib/format';
import { promotionsPaths } from '../lib/paths';
import type { ReceiptItem } from '../promotions.api';
import { useReceipts } from '../promotions.queries';

function Receipts({ mine }: { mine: UserMine }) {
  const { t } = useTranslation('promotions');
  const isMobile = useIsMobile();
  const navigate = useSafeNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const receipts = useReceipts(page);
  const columns: DataColumn<ReceiptItem>[] = [
    { key: 'name', title: t('receipts.columns.name'), render: (r) => <strong>{r.name}</strong> },
    { key: 'hashrate', title: t('receipts.columns.hashrate'), render: (r) => `${formatHashrate(r.hashrate)} · ${coinLabel(r.coin)}` },
    { key: 'period', title: t('receipts.columns.period'), render: (r) => `${r.start_day} ~ ${r.end_day}` },
    { key: 'received', title: t('receipts.columns.received'), render: (r) => formatDateTime(r.received_at, mine.timezone, 'YYYY-MM-DD HH:mm') },
    { key: 'paid', title: t('receipts.columns.paid'), align: 'right', render: (r) => <AmountText value={r.paid} coin={r.coin} strong /> },
    { key: 'status', title: t('receipts.columns.status'), render: (r) => <ReceiptStatusTag status={r.status} /> },
    {
      key: 'open',
      align: 'right',
      render: (r) => (
        <SafeLink to={promotionsPaths.receipt(r.packet_id)} onClick={(event) => event.stopPropagation()} style={{ whiteSpace: 'nowrap' }}>
          {t('receipts.open')} <RightOutlined />
        </SafeLink>
      ),
    },
  ];
  return (
    <Panel padding={isMobile ? 16 : 24}>
      <Flex vertical gap={16}>
        <Paragraph tone="secondary" style={{ margin: 0 }}>
          {t('receipts.hint')}
        </Paragraph>
        {!receipts.data ? (
          receipts.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />
        ) : (
          <ResponsiveTable rows={receipts.data.list} rowKey={(r) => r.packet_id} columns={columns} caption={t('receipts.title')} empty={t('receipts.empty')} onRowClick={(r) => navigate(promotionsPaths.receipt(r.packet_id))} cardTestId="receipt" />
        )}
        <Pager page={page} total={receipts.data?.total ?? 0} onChange={(p) => setParams(p > 1 ? { page: String(p) } : {}, { replace: true })} />
      </Flex>
    </Panel>
  );
}

export default function MyRedPacketsPage() {
  const { t } = useTranslation('promotions');
  return <UserPage title={t('receipts.title')}>{(mine) => <Receipts mine={mine} />}</UserPage>;
}
