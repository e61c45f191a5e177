// The promotions' pages (routes.ts) as links.
const enc = encodeURIComponent;

export const promotionsPaths = {
  coupons: '/user/coupon',
  coupon: (campaignId: string, couponId: string) => `/user/coupon/${enc(campaignId)}/${enc(couponId)}`,
  packet: (id: string) => `/activity/red_packet/${enc(id)}`,
  packetDetail: (id: string) => `/activity/red_packet/${enc(id)}/detail`,
  receipts: '/user/red_packet',
  receipt: (id: string) => `/user/red_packet/${enc(id)}`,
};

/** The share link of a packet, on this site. */
export function packetLink(id: string): string {
  return `${window.location.origin}${promotionsPaths.packet(id)}`;
}
