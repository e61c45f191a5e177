// /user/app/activity (user.view): the campaigns the user joined (Sales, Goldshell event), latest
// first, with their state now (upcoming, ongoing, ended) and a link to each campaign's page.
import { Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@hashpool/shared';
import { UserPage } from '../../../shell/frames/UserPage';
import { SafeLink } from '../../../shell/navigation/navigation';
import { useSessionEpoch } from '../../../shell/session/session';
import type { UserMine } from '../../../shell/session/user.api';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { useIsMobile } from '../../../ui/responsive';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { Paragraph } from '../../../ui/Text';
import { supportApi, type JoinedCampaign } from '../support.api';

const STATE_COLOURS = { upcoming: 'processing', running: 'success', ended: 'default' } as const;

function Activities({ mine }: { mine: UserMine }) {
  const { t } = useTranslation('support');
  const isMobile = useIsMobile();
  const epoch = useSessionEpoch();
  const joined = useQuery({ queryKey: ['campaigns-joined', epoch], queryFn: ({ signal }) => supportApi.joinedCampaigns({ signal }) });
  const at = (iso: string | null) => (iso ? formatDateTime(iso, mine.timezone, 'YYYY-MM-DD HH:mm') : '…');
  const columns: DataColumn<JoinedCampaign>[] = [
    { key: 'title', title: t('activity.columns.campaign'), render: (c) => (c.page ? <SafeLink to={c.page}>{c.title}</SafeLink> : c.title) },
    { key: 'state', title: t('activity.columns.state'), render: (c) => <Tag color={STATE_COLOURS[c.state]}>{t(`activity.state.${c.state}`)}</Tag> },
    { key: 'window', title: t('activity.columns.window'), render: (c) => (c.starts_at || c.ends_at ? `${at(c.starts_at)} ~ ${at(c.ends_at)}` : '--') },
    { key: 'joined', title: t('activity.columns.joined'), render: (c) => at(c.joined_at) },
  ];
  return (
    <Panel padding={isMobile ? 16 : 24}>
      <Paragraph tone="secondary" style={{ marginTop: 0 }}>
        {t('activity.hint')}
      </Paragraph>
      {!joined.data ? (
        joined.isError ? <Paragraph tone="secondary">{t('activity.load_failed')}</Paragraph> : <PageSpinner />
      ) : (
        <ResponsiveTable rows={joined.data.list} rowKey={(c) => c.slug} columns={columns} caption={t('activity.title')} empty={t('activity.empty')} cardTestId="joined-campaign" />
      )}
    </Panel>
  );
}

export default function MyActivityPage() {
  const { t } = useTranslation('support');
  return <UserPage title={t('activity.title')}>{(mine) => <Activities mine={mine} />}</UserPage>;
}
