// /user/logs: logins and security changes, newest first: what happened (translated), when (in the
// user's timezone), from which IP and device (browser and system; the User-Agent in the tooltip).
// Ten per page; the page number is in the address, so it survives a reload and the back button.
import { Flex, Pagination } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '@hashpool/shared';
import { accountsApi, type SecurityEvent, type UserMine } from '../accounts.api';
import { userKeys } from '../../../shell/session/user.queries';
import { useSessionEpoch } from '../../../shell/session/session';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { DeviceText } from '../../../ui/DeviceText';
import { LoadFailed } from '../../../ui/LoadFailed';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { Text } from '../../../ui/Text';
import { useIsMobile } from '../../../ui/responsive';
import { UserPage } from '../../../shell/frames/UserPage';
import { PAGE_SIZE } from '../lib/constants';

/** Events the server records (security.service.ts, auth.service.ts); others show their name. */
export const SECURITY_EVENTS = [
  'register',
  'login',
  'login_new_device',
  'login_failed',
  'totp_bind',
  'totp_unbind',
  'password_change',
  'password_reset',
  'pay_password',
  'email_change',
  'phone_change',
  'cancel_account',
  'cancellation_revoked',
  'admin_granted',
  'wechat_bind',
  'wechat_unbind',
  'login_passkey',
  'passkey_add',
  'passkey_delete',
  // Observer links (modules/observers): made, revoked, opened (at most once an hour per link).
  'observer_link_created',
  'observer_link_revoked',
  'observer_view',
  // Applications (modules/oauth): authorized (told by mail too), revoked by the user.
  'oauth_authorize',
  'oauth_revoke',
  // An operator's changes (operators.service.ts).
  'totp_reset',
  'login_disabled',
  'login_enabled',
  'operator_roles',
] as const;

export default function SecurityLogPage() {
  const { t } = useTranslation('user');
  return <UserPage title={t('logs.title')}>{(mine) => <EventTable mine={mine} />}</UserPage>;
}

function EventTable({ mine }: { mine: UserMine }) {
  const { t } = useTranslation('user');
  const isMobile = useIsMobile();
  const epoch = useSessionEpoch();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const events = useQuery({
    queryKey: userKeys.logs(epoch, page),
    queryFn: ({ signal }) => accountsApi.logs(page, PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  if (!events.data) return events.isError ? <LoadFailed query={events} /> : <PageSpinner />;
  const eventName = (row: SecurityEvent) => t(`logs.events.${row.event}`, { defaultValue: row.event });
  const time = (row: SecurityEvent) => formatDateTime(row.created_at, mine.timezone);

  const columns: DataColumn<SecurityEvent>[] = [
    { key: 'event', title: t('logs.columns.event'), render: (row) => <Text strong>{eventName(row)}</Text> },
    { key: 'time', title: t('logs.columns.time', { timezone: mine.timezone }), render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{time(row)}</span> },
    { key: 'ip', title: t('logs.columns.ip'), render: (row) => row.ip ?? '--' },
    {
      key: 'device',
      title: t('logs.columns.device'),
      // The browser and system; the raw User-Agent only in the tooltip.
      render: (row) => <DeviceText userAgent={row.device} />,
    },
  ];

  return (
    <Flex vertical gap={16}>
      {events.data.total === 0 ? (
        <Panel>
          <Text tone="secondary">{t('logs.empty')}</Text>
        </Panel>
      ) : isMobile ? (
        // Four columns do not fit a phone: one card per event, the device in full below.
        <Flex vertical gap={12} role="list" aria-label={t('logs.title')}>
          {events.data.list.map((row) => (
            <Panel key={row.id} padding={16} role="listitem">
              <Flex vertical gap={4}>
                <Flex justify="space-between" gap={8} wrap>
                  <Text strong>{eventName(row)}</Text>
                  <Text tone="secondary">{time(row)}</Text>
                </Flex>
                <Text>{row.ip ?? '--'}</Text>
                {row.device && (
                  <Text tone="secondary" style={{ fontSize: 12 }}>
                    <DeviceText userAgent={row.device} />
                  </Text>
                )}
              </Flex>
            </Panel>
          ))}
        </Flex>
      ) : (
        <DataTable rows={events.data.list} rowKey={(row) => row.id} columns={columns} caption={t('logs.title')} />
      )}
      {events.data.total > PAGE_SIZE && (
        <Flex justify={isMobile ? 'center' : 'flex-end'}>
          <Pagination
            simple={isMobile}
            current={page}
            pageSize={PAGE_SIZE}
            total={events.data.total}
            showSizeChanger={false}
            onChange={(next) => setParams(next === 1 ? {} : { page: String(next) })}
          />
        </Flex>
      )}
    </Flex>
  );
}
