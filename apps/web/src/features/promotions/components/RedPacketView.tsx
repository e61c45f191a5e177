// The public red packet page (/activity/red_packet/:packetId and its /detail): the packet (no
// login), its share link and QR code, and what the visitor can do. Logged out: log in to receive
// (back here after). Logged in: receive it (on the main sub-account, the bound email matching when
// the packet names one), or see why not (switch to the main account when on a sub-account), or
// the received share with the days it works. The detail page adds the latest receivers.
import { Alert, Button, Descriptions, Flex, Result } from 'antd';
import { GiftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatHashrate, nameOf } from '@hashpool/shared';
import { ApiError } from '../../../shell/api/api-error';
import { SafeLink, useSafeNavigate } from '../../../shell/navigation/navigation';
import { useAccessToken } from '../../../shell/session/session';
import { AmountText } from '../../../ui/AmountText';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { useIsMobile } from '../../../ui/responsive';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { StatusResult } from '../../../ui/StatusResult';
import { Paragraph, Title } from '../../../ui/Text';
import { useToast } from '../../../ui/toast';
import { coinLabel } from '../lib/format';
import { promotionsPaths } from '../lib/paths';
import type { RedPacket, RedPacketDetail } from '../promotions.api';
import { usePacket, usePacketMine, useReceive, useSwitchToMain } from '../promotions.queries';
import { SharePanel } from './SharePanel';
import { PacketStatusTag } from './StatusTags';

const UTC = 'UTC+00:00';

function ReceiveArea({ packet }: { packet: RedPacket }) {
  const { t } = useTranslation(['promotions', 'errors']);
  const loggedIn = useAccessToken() !== null;
  const navigate = useSafeNavigate();
  const toast = useToast();
  const mine = usePacketMine(packet.id, loggedIn);
  const receive = useReceive(packet.id);
  const toMain = useSwitchToMain();

  if (!loggedIn) {
    return (
      <Flex vertical gap={8} align="flex-start">
        <Paragraph style={{ margin: 0 }}>{t('packet.login_to_receive')}</Paragraph>
        <Button
          type="primary"
          size="large"
          disabled={packet.status !== 'open'}
          // The login page comes back here afterwards (?redirect=, as the guard's own redirect).
          onClick={() => navigate(`/login?redirect=${encodeURIComponent(promotionsPaths.packet(packet.id))}`)}
        >
          {t('packet.login')}
        </Button>
      </Flex>
    );
  }
  if (!mine.data) return mine.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />;
  const { received, can_receive: canReceive, reason } = mine.data;
  if (received) {
    return (
      <Alert
        type="success"
        showIcon
        title={t('packet.received_title')}
        description={
          <Flex vertical gap={4}>
            <span>{t('packet.received_text', { start: received.start_day, end: received.end_day, account: received.account_name })}</span>
            <SafeLink to={promotionsPaths.receipt(packet.id)}>{t('packet.see_profit')}</SafeLink>
          </Flex>
        }
      />
    );
  }
  if (canReceive) {
    return (
      <Button
        type="primary"
        size="large"
        icon={<GiftOutlined />}
        loading={receive.isPending}
        onClick={async () => {
          try {
            await receive.mutateAsync();
            toast.success(t('packet.receive_success'));
          } catch {
            // The client has shown the server's message (none left, expired ...).
          }
        }}
      >
        {t('packet.receive')}
      </Button>
    );
  }
  if (reason === 'red_packet_main_account') {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('errors:red_packet_main_account')}
        action={
          <Button
            size="small"
            type="primary"
            loading={toMain.isPending}
            onClick={async () => {
              try {
                const name = await toMain.mutateAsync();
                if (name) toast.success(t('packet.switched', { name }));
              } catch (error) {
                if (!(error instanceof ApiError)) throw error;
              }
            }}
          >
            {t('packet.switch_main')}
          </Button>
        }
      />
    );
  }
  return <Alert type="info" showIcon title={reason ? t(`errors:${reason}`, { defaultValue: reason }) : t('packet.cannot_receive')} />;
}

function Receivers({ packet }: { packet: RedPacketDetail }) {
  const { t } = useTranslation('promotions');
  const columns: DataColumn<RedPacketDetail['receivers'][number]>[] = [
    { key: 'account', title: t('packet.receivers.account'), render: (r) => r.account },
    { key: 'time', title: t('packet.receivers.time'), render: (r) => `${formatDateTime(r.received_at, UTC, 'YYYY-MM-DD HH:mm')} UTC` },
  ];
  return <ResponsiveTable rows={packet.receivers} rowKey={(r) => `${r.account}:${r.received_at}`} columns={columns} caption={t('packet.receivers.title')} empty={t('packet.receivers.empty')} cardTestId="receiver" />;
}

const STATUS_NOTES = { open: null, none_left: 'packet.event_none_left', expired: 'packet.event_expired', ended: 'packet.event_ended', cancelled: 'packet.event_cancelled' } as const;

export function RedPacketView({ id, detail }: { id: string; detail: boolean }) {
  const { t, i18n } = useTranslation('promotions');
  const isMobile = useIsMobile();
  const packet = usePacket(id, detail);
  if (packet.isError) return <StatusResult status="not-found" title={t('packet.not_found')} />;
  const p = packet.data;
  if (!p) return <PageSpinner />;
  const note = STATUS_NOTES[p.status];
  return (
    <Flex vertical gap={16} style={{ maxWidth: 880, margin: '0 auto', width: '100%' }}>
      <Panel padding={isMobile ? 16 : 32}>
        <Flex vertical gap={20}>
          <Flex vertical align="center" gap={8} style={{ textAlign: 'center' }}>
            <GiftOutlined style={{ fontSize: 44, color: '#e8453c' }} aria-hidden />
            <Title level={1} style={{ margin: 0, fontSize: 'clamp(22px, 3vw, 30px)' }}>
              {nameOf(p, i18n.language)}
            </Title>
            <Flex gap={8} align="center" wrap justify="center">
              <PacketStatusTag status={p.status} />
              {p.is_demo && <span>{t('demo_label')}</span>}
            </Flex>
            <Paragraph tone="secondary" style={{ margin: 0 }}>
              {t('packet.summary', { hashrate: formatHashrate(p.hashrate), coin: coinLabel(p.coin), days: p.duration_days })}
            </Paragraph>
          </Flex>
          <Descriptions
            column={isMobile ? 1 : 2}
            bordered
            size="small"
            items={[
              { key: 'hashrate', label: t('packet.hashrate'), children: formatHashrate(p.hashrate) },
              { key: 'duration', label: t('packet.duration'), children: t('packet.days', { count: p.duration_days }) },
              { key: 'shares', label: t('packet.shares'), children: t('packet.shares_value', { left: p.shares_left, total: p.shares }) },
              { key: 'budget', label: t('packet.total_profit'), children: <AmountText value={p.budget} coin={p.coin} /> },
              { key: 'deadline', label: t('packet.deadline'), children: `${formatDateTime(p.activation_deadline, UTC, 'YYYY-MM-DD HH:mm')} UTC` },
              ...(p.receiving_email ? [{ key: 'email', label: t('packet.receiving_email'), children: p.receiving_email }] : []),
            ]}
          />
          {note ? <Result status="info" title={t(note)} style={{ padding: 8 }} /> : null}
          <ReceiveArea packet={p} />
          <Paragraph tone="secondary" style={{ margin: 0 }}>
            {t('packet.rules', { days: p.duration_days })}
          </Paragraph>
          {!detail && <SafeLink to={promotionsPaths.packetDetail(p.id)}>{t('packet.open_detail')}</SafeLink>}
        </Flex>
      </Panel>
      {detail && 'receivers' in p && (
        <Panel title={t('packet.receivers.title')} padding={isMobile ? 16 : 24}>
          <Receivers packet={p as RedPacketDetail} />
        </Panel>
      )}
      <Panel title={t('packet.share_title')} padding={isMobile ? 16 : 24}>
        <SharePanel id={p.id} />
      </Panel>
    </Flex>
  );
}
