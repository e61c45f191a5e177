// /user/coupon/:couponId/:itemId (user.view): one coupon (the item of a campaign) with its terms,
// the coin and sub-account it cuts, and the actual saving of every settled day.
import { Descriptions, Flex } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDateTime, nameOf } from '@hashpool/shared';
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
import { CouponStatusTag } from '../components/StatusTags';
import { coinLabel, coinsLabel } from '../lib/format';
import { promotionsPaths } from '../lib/paths';
import type { Coupon } from '../promotions.api';
import { useCoupon } from '../promotions.queries';

type Saving = Coupon['savings'][number];

function Detail({ id, campaignId, mine }: { id: string; campaignId: string; mine: UserMine }) {
  const { t, i18n } = useTranslation('promotions');
  const isMobile = useIsMobile();
  const coupon = useCoupon(id);
  if (coupon.isError || (coupon.data && coupon.data.campaign_id !== campaignId)) return <StatusResult status="not-found" title={t('coupons.not_found')} />;
  const c = coupon.data;
  if (!c) return <PageSpinner />;
  const columns: DataColumn<Saving>[] = [
    { key: 'day', title: t('coupons.savings.day'), render: (s) => s.day },
    { key: 'coin', title: t('coupons.savings.coin'), render: (s) => coinLabel(s.coin) },
    { key: 'fee', title: t('coupons.savings.fee'), render: (s) => t('coupons.savings.fee_value', { full: s.fee_rate, reduced: s.reduced_fee_rate }) },
    { key: 'saving', title: t('coupons.savings.saving'), align: 'right', render: (s) => <AmountText value={s.saving} coin={s.coin} strong /> },
  ];
  return (
    <Flex vertical gap={16}>
      <SafeLink to={promotionsPaths.coupons}>
        <LeftOutlined /> {t('coupons.back')}
      </SafeLink>
      <Panel padding={isMobile ? 16 : 24}>
        <Descriptions
          title={nameOf(c, i18n.language)}
          column={isMobile ? 1 : 2}
          extra={<CouponStatusTag status={c.status} />}
          items={[
            { key: 'code', label: t('coupons.code_label'), children: c.code },
            { key: 'reduction', label: t('coupons.columns.reduction'), children: t('coupons.reduction_value', { percent: c.reduction_percent }) },
            { key: 'coins', label: t('coupons.columns.coins'), children: coinsLabel(c.coins) },
            { key: 'valid', label: t('coupons.valid_period'), children: t('coupons.valid_days', { count: c.valid_days }) },
            { key: 'use_before', label: t('coupons.columns.use_before'), children: formatDateTime(c.use_before, mine.timezone, 'YYYY-MM-DD HH:mm') },
            { key: 'redeemed', label: t('coupons.redeemed_at'), children: formatDateTime(c.redeemed_at, mine.timezone, 'YYYY-MM-DD HH:mm') },
            ...(c.coin
              ? [
                  { key: 'coin', label: t('coupons.in_use_for'), children: `${coinLabel(c.coin)} · ${c.account_name ?? ''}` },
                  { key: 'period', label: t('coupons.columns.period'), children: `${c.start_day} ~ ${c.end_day} (UTC)` },
                  { key: 'total', label: t('coupons.total_saving'), children: <AmountText value={c.total_saving} coin={c.coin} strong /> },
                ]
              : []),
          ]}
        />
      </Panel>
      <Panel title={t('coupons.savings.title')} padding={isMobile ? 16 : 24}>
        <ResponsiveTable rows={c.savings} rowKey={(s) => s.day} columns={columns} caption={t('coupons.savings.title')} empty={t(c.status === 'unused' ? 'coupons.savings.empty_unused' : 'coupons.savings.empty')} cardTestId="saving" />
      </Panel>
    </Flex>
  );
}

export default function CouponDetailPage() {
  const { t } = useTranslation('promotions');
  const { couponId = '', itemId = '' } = useParams();
  return <UserPage title={t('coupons.detail_title')}>{(mine) => <Detail id={itemId} campaignId={couponId} mine={mine} />}</UserPage>;
}
