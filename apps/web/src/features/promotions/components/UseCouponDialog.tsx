// Start using an unused coupon for one of its coins on the current sub-account: it cuts that
// coin's fee from the next UTC settlement day for its valid days. One coupon in use per coin: a
// second one for the same coin is refused with the day the first one ends.
import { useState } from 'react';
import { Alert, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shell/api/api-error';
import { AppModal } from '../../../ui/AppModal';
import { Paragraph } from '../../../ui/Text';
import { useToast } from '../../../ui/toast';
import { coinLabel } from '../lib/format';
import type { CouponItem } from '../promotions.api';
import { useCouponMutations } from '../promotions.queries';

export function UseCouponDialog({ coupon, accountName, onClose }: { coupon: CouponItem; accountName: string; onClose: () => void }) {
  const { t } = useTranslation('promotions');
  const toast = useToast();
  const { use } = useCouponMutations();
  const [coin, setCoin] = useState(coupon.coins[0] ?? '');
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <AppModal
      open
      title={t('coupons.use_title')}
      okText={t('coupons.use')}
      confirmLoading={use.isPending}
      onCancel={onClose}
      onOk={async () => {
        setRefusal(null);
        try {
          await use.mutateAsync({ id: coupon.id, coin });
        } catch (error) {
          setRefusal(error instanceof ApiError ? error.message : t('load_failed'));
          return;
        }
        toast.success(t('coupons.using_success'));
        onClose();
      }}
    >
      <Flex vertical gap={12}>
        <Paragraph>{t('coupons.use_text', { percent: coupon.reduction_percent, days: coupon.valid_days, account: accountName })}</Paragraph>
        <Select aria-label={t('coupons.coin')} value={coin} onChange={setCoin} options={coupon.coins.map((c) => ({ value: c, label: coinLabel(c) }))} />
        <Paragraph tone="secondary">{t('coupons.one_per_coin')}</Paragraph>
        {refusal && <Alert type="error" showIcon title={refusal} />}
      </Flex>
    </AppModal>
  );
}
