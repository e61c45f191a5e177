// /user/invite (recommend.view): the user's invitation code and registration link (with a QR code
// of the link), how many have registered with it, the rewards received per coin, and two lists:
// the invitees (contact masked by the server) and the rewards per settled day and coin.
import { useState } from 'react';
import { Col, Flex, QRCode, Row, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { findCoin, formatDateTime } from '@hashpool/shared';
import type { UserMine } from '../../../shell/session/user.api';
import { SafeLink } from '../../../shell/navigation/navigation';
import { AmountText } from '../../../ui/AmountText';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { StatusResult } from '../../../ui/StatusResult';
import { Paragraph, Text } from '../../../ui/Text';
import { useIsMobile } from '../../../ui/responsive';
import { UserPage } from '../../../shell/frames/UserPage';
import { CopyValue } from '../../../ui/CopyValue';
import { Pager } from '../../../ui/Pager';
import { StatCard } from '../../../ui/StatCard';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import type { InviteReward, InviteSummary, Invitee } from '../earnings.api';
import { INVITE_PAGE_SIZE, useInviteRewards, useInvitees, useInviteSummary } from '../earnings.queries';
import { formatPercent, inviteLink, nextRelease, RELEASE_LABEL, releaseClockIn } from '../lib/invite';

const coinSymbol = (coin: string) => findCoin(coin)?.symbol ?? coin.toUpperCase();

function ShareSection({ summary, rate }: { summary: InviteSummary; rate: string }) {
  const { t } = useTranslation('invite');
  const { token } = theme.useToken();
  const isMobile = useIsMobile();
  const link = inviteLink(window.location.origin, summary.invite_code);
  return (
    <Panel title={t('share.title')} padding={isMobile ? 16 : 24}>
      <Row gutter={[24, 24]} align="middle">
        <Col xs={24} md={16}>
          <Flex vertical gap={16}>
            <Flex vertical gap={6} data-testid="invite-code">
              <Text tone="secondary">{t('share.code')}</Text>
              <CopyValue value={summary.invite_code} label={t('share.code')} />
            </Flex>
            <Flex vertical gap={6} data-testid="invite-link">
              <Text tone="secondary">{t('share.link')}</Text>
              <CopyValue value={link} label={t('share.link')} />
            </Flex>
            <Paragraph tone="secondary" style={{ margin: 0 }}>
              {t('share.explain', { rate })} <SafeLink to="/activity/invite">{t('share.rules_link')}</SafeLink>
            </Paragraph>
          </Flex>
        </Col>
        <Col xs={24} md={8}>
          <Flex vertical align="center" gap={8}>
            {/* Dark on light in both themes, as the deposit address: not every camera app reads an inverted code. */}
            <QRCode
              data-testid="invite-qr"
              value={link}
              size={168}
              color="#000000"
              bgColor="#ffffff"
              style={{ borderColor: token.colorBorderSecondary }}
              aria-label={t('share.qr_label')}
            />
            <Text tone="secondary" style={{ textAlign: 'center' }}>
              {t('share.qr_hint')}
            </Text>
          </Flex>
        </Col>
      </Row>
    </Panel>
  );
}

function Figures({ summary, rate, mine }: { summary: InviteSummary; rate: string; mine: UserMine }) {
  const { t } = useTranslation('invite');
  const totals = summary.totals;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} sm={12} lg={8}>
        <StatCard testId="invitee-count" label={t('figures.invitees')} value={summary.invitees} />
      </Col>
      <Col xs={24} sm={12} lg={8}>
        <StatCard
          testId="reward-totals"
          label={t('figures.rewards')}
          value={
            totals.length === 0 ? (
              '0'
            ) : (
              <Flex vertical gap={2} style={{ fontSize: totals.length > 1 ? 18 : undefined }}>
                {totals.map((total) => (
                  <AmountText key={total.coin} value={total.amount} coin={total.coin} />
                ))}
              </Flex>
            )
          }
          footer={totals.length === 0 && <Text tone="secondary">{t('figures.rewards_none')}</Text>}
        />
      </Col>
      <Col xs={24} lg={8}>
        <StatCard
          testId="reward-rate"
          label={t('figures.rate')}
          value={rate}
          footer={<Text tone="secondary">{t('figures.release', { release: RELEASE_LABEL, local: releaseClockIn(mine.timezone), timezone: mine.timezone })}</Text>}
        />
      </Col>
    </Row>
  );
}

function Invitees({ mine }: { mine: UserMine }) {
  const { t } = useTranslation('invite');
  const isMobile = useIsMobile();
  const [page, setPage] = useState(1);
  const invitees = useInvitees(page);
  const columns: DataColumn<Invitee>[] = [
    { key: 'contact', title: t('invitees.contact'), render: (row) => <span style={{ wordBreak: 'break-all' }}>{row.contact}</span> },
    { key: 'registered', title: t('invitees.registered_at', { timezone: mine.timezone }), render: (row) => formatDateTime(row.registered_at, mine.timezone) },
  ];
  return (
    <Panel title={t('invitees.title')} padding={isMobile ? 16 : 24}>
      {!invitees.data ? (
        invitees.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />
      ) : (
        <ResponsiveTable
          rows={invitees.data.list}
          rowKey={(row) => `${row.contact}:${row.registered_at}`}
          columns={columns}
          caption={t('invitees.title')}
          empty={<span data-testid="invitees-empty">{t('invitees.empty')}</span>}
          cardTestId="invitee"
        />
      )}
      <Pager page={page} pageSize={INVITE_PAGE_SIZE} total={invitees.data?.total ?? 0} onChange={setPage} />
    </Panel>
  );
}

function Rewards({ mine, rate }: { mine: UserMine; rate: string }) {
  const { t } = useTranslation('invite');
  const isMobile = useIsMobile();
  const [page, setPage] = useState(1);
  const rewards = useInviteRewards(page);
  const next = nextRelease(new Date());
  const columns: DataColumn<InviteReward>[] = [
    { key: 'day', title: t('rewards.day'), render: (row) => row.day },
    { key: 'coin', title: t('rewards.coin'), render: (row) => coinSymbol(row.coin) },
    { key: 'invitees', title: t('rewards.invitees'), align: 'right', render: (row) => row.invitees },
    { key: 'base', title: t('rewards.base'), align: 'right', render: (row) => <AmountText value={row.base} coin={row.coin} symbol={false} /> },
    { key: 'amount', title: t('rewards.amount', { rate }), align: 'right', render: (row) => <AmountText value={row.amount} coin={row.coin} symbol={false} strong /> },
    { key: 'released', title: t('rewards.released_at', { timezone: mine.timezone }), render: (row) => formatDateTime(row.released_at, mine.timezone) },
  ];
  return (
    <Panel title={t('rewards.title')} padding={isMobile ? 16 : 24}>
      {!rewards.data ? (
        rewards.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />
      ) : (
        <ResponsiveTable
          rows={rewards.data.list}
          rowKey={(row) => `${row.day}:${row.coin}`}
          columns={columns}
          caption={t('rewards.title')}
          empty={
            <span data-testid="rewards-empty">
              {t('rewards.empty', { rate, release: RELEASE_LABEL })}
              <br />
              {t('rewards.next', { time: formatDateTime(next.at, mine.timezone, 'YYYY-MM-DD HH:mm'), timezone: mine.timezone, day: next.day })}
            </span>
          }
          cardTestId="invite-reward"
        />
      )}
      <Pager page={page} pageSize={INVITE_PAGE_SIZE} total={rewards.data?.total ?? 0} onChange={setPage} />
      <Paragraph tone="secondary" style={{ margin: '16px 0 0', fontSize: 13 }}>
        {t('rewards.where')}
      </Paragraph>
    </Panel>
  );
}

function InviteContent({ mine }: { mine: UserMine }) {
  const { t, i18n } = useTranslation('invite');
  const summary = useInviteSummary();
  if (!summary.data) return summary.isError ? <StatusResult status="error" title={t('load_failed')} /> : <PageSpinner />;
  const rate = formatPercent(summary.data.rate_percent, i18n.language);
  return (
    <Flex vertical gap={24}>
      <ShareSection summary={summary.data} rate={rate} />
      <Figures summary={summary.data} rate={rate} mine={mine} />
      <Invitees mine={mine} />
      <Rewards mine={mine} rate={rate} />
    </Flex>
  );
}

export default function InvitePage() {
  const { t } = useTranslation('invite');
  return <UserPage title={t('user_title')}>{(mine) => <InviteContent mine={mine} />}</UserPage>;
}
