// The statuses of coupons, packets and received packets, coloured and translated.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CouponStatus, RedPacketReceiptStatus, RedPacketStatus } from '@hashpool/shared';

const COUPON_COLOURS: Record<CouponStatus, string> = { unused: 'blue', in_use: 'success', used: 'default', expired: 'error' };
const PACKET_COLOURS: Record<RedPacketStatus, string> = { open: 'red', none_left: 'default', expired: 'warning', ended: 'default', cancelled: 'default' };
const RECEIPT_COLOURS: Record<RedPacketReceiptStatus, string> = { active: 'success', ended: 'default' };

export function CouponStatusTag({ status }: { status: CouponStatus }) {
  const { t } = useTranslation('promotions');
  return <Tag color={COUPON_COLOURS[status]} style={{ marginInlineEnd: 0 }}>{t(`coupon_status.${status}`)}</Tag>;
}

export function PacketStatusTag({ status }: { status: RedPacketStatus }) {
  const { t } = useTranslation('promotions');
  return <Tag color={PACKET_COLOURS[status]} style={{ marginInlineEnd: 0 }}>{t(`packet_status.${status}`)}</Tag>;
}

/** A campaign's state for the operators: its codes redeem, or an operator disabled it. */
export function CampaignStatusTag({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('promotions');
  return <Tag color={disabled ? 'default' : 'success'} style={{ marginInlineEnd: 0 }}>{t(disabled ? 'admin.campaigns.state_disabled' : 'admin.campaigns.state_enabled')}</Tag>;
}

export function ReceiptStatusTag({ status }: { status: RedPacketReceiptStatus }) {
  const { t } = useTranslation('promotions');
  return <Tag color={RECEIPT_COLOURS[status]} style={{ marginInlineEnd: 0 }}>{t(`receipt_status.${status}`)}</Tag>;
}
