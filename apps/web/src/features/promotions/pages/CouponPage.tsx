// /user/coupon (user.view): redeem a code, see the coupons by status (unused, in use, used,
// expired) and start using an unused one. Status and page live in the address.
import { useState } from 'react';
import { Button, Flex, Segmented, Select } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { COUPON_STATUSES, formatDateTime, nameOf, type CouponStatus } from '@hashpool/shared';
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
import { RedeemForm } from '../components/RedeemForm';
import { CouponStatusTag } from '../components/StatusTags';
import { UseCouponDialog } from '../components/UseCouponDialog';
import { coinLabel, coinsLabel } from '../lib/format';
import { promotionsPaths } from '../lib/paths';
import type { CouponItem } from '../promotions.api';
import { useCoupons } from '../promotions.queries';

const parseStatus = (value: string | null): CouponStatus | undefined => ((COUPON_STATUSES as readonly string[]).includes(value ?? '') ? (value as CouponStatus) : undefined);

function Coupons({ mine }: { mine: UserMine }) {
  const { t, i18n } = useTranslation('promotions');
  const isMobile = useIsMobile();
  const statusOptions = [{ value: 'all', label: t('coupons.all') }, ...COUPON_STATUSES.map((s) => ({ value: s, label: t(`coupon_status.${s}`) }))];
  const navigate = useSafeNavigate();
  const [params, setParams] = useSearchParams();
  const status = parseStatus(params.get('status'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const coupons = useCoupons(status, page);
  const [using, setUsing] = useState<CouponItem | null>(null);
  const set = (next: { status?: CouponStatus | undefined; page?: number }) => {
    const s = 'status' in next ? next.status : status;
    const p = next.page ?? 1;
    setParams({ ...(s ? { status: s } : {}), ...(p > 1 ? { page: String(p) } : {}) }, { replace: true });
  };

  const columns: DataColumn<CouponItem>[] = [
    { key: 'name', title: t('coupons.columns.name'), render: (c) => <strong>{nameOf(c, i18n.language)}</strong> },
    { key: 'reduction', title: t('coupons.columns.reduction'), render: (c) => t('coupons.reduction_value', { percent: c.reduction_percent }) },
    { key: 'coins', title: t('coupons.columns.coins'), render: (c) => (c.coin ? coinLabel(c.coin) : coinsLabel(c.coins)) },
    { key: 'period', title: t('coupons.columns.period'), render: (c) => (c.start_day ? `${c.start_day} ~ ${c.end_day}` : t('coupons.valid_days', { count: c.valid_days })) },
    { key: 'use_before', title: t('coupons.columns.use_before'), render: (c) => formatDateTime(c.use_before, mine.timezone, 'YYYY-MM-DD HH:mm') },
    { key: 'saving', title: t('coupons.columns.saving'), align: 'right', render: (c) => (c.coin ? <AmountText value={c.total_saving} coin={c.coin} /> : '--') },
    { key: 'status', title: t('coupons.columns.status'), render: (c) => <CouponStatusTag status={c.status} /> },
    {
      key: 'actions',
      align: 'right',
      render: (c) => (
        <Flex gap={8} justify="flex-end" wrap>
          {c.status === 'unused' && (
            <Button
              type="primary"
              size="small"
              onClick={(event) => {
                event.stopPropagation();
                setUsing(c);
              }}
            >
              {t('coupons.use')}
            </Button>
          )}
          <SafeLink to={promotionsPaths.coupon(c.campaign_id, c.id)} onClick={(event) => event.stopPropagation()} style={{ whiteSpace: 'nowrap' }}>
            {t('coupons.details')} <RightOutlined />
          </SafeLink>
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Panel title={t('coupons.redeem_title')} padding={isMobile ? 16 : 24}>
        <Flex vertical gap={8}>
          <RedeemForm />
          <Paragraph tone="secondary" style={{ margin: 0 }}>
            {t('coupons.redeem_hint')}
          </Paragraph>
        </Flex>
      </Panel>
      <Panel padding={isMobile ? 16 : 24}>
        <Flex vertical gap={16}>
          {isMobile ? (
            // Five statuses do not fit a phone's width as a switch (Russian and Japanese cut the
            // last ones off): a select there.
            <Select<string> aria-label={t('coupons.status_filter')} value={status ?? 'all'} onChange={(value) => set({ status: parseStatus(value) })} options={statusOptions} style={{ width: '100%' }} />
          ) : (
            <Segmented<string>
              aria-label={t('coupons.status_filter')}
              value={status ?? 'all'}
              onChange={(value) => set({ status: parseStatus(value) })}
              options={statusOptions}
              style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
            />
          )}
          {!coupons.data ? (
            coupons.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />
          ) : (
            <ResponsiveTable
              rows={coupons.data.list}
              rowKey={(c) => c.id}
              columns={columns}
              caption={t('coupons.title')}
              empty={t('coupons.empty')}
              onRowClick={(c) => navigate(promotionsPaths.coupon(c.campaign_id, c.id))}
              cardTestId="coupon"
            />
          )}
          <Pager page={page} total={coupons.data?.total ?? 0} onChange={(p) => set({ page: p })} />
        </Flex>
      </Panel>
      {using && <UseCouponDialog coupon={using} accountName={mine.current_account?.name ?? ''} onClose={() => setUsing(null)} />}
    </Flex>
  );
}

export default function CouponPage() {
  const { t } = useTranslation('promotions');
  return <UserPage title={t('coupons.title')}>{(mine) => <Coupons mine={mine} />}</UserPage>;
}
