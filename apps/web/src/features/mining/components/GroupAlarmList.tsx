// The hashrate alarm of each worker group of the sub-account and coin, under the account's alert
// settings: each group with its workers, its 15-minute hashrate (the sum of its workers') and its
// threshold, and a button to set or remove it. The default group has no alarm of its own: the
// sub-account's covers every worker. Without groups, a link to the worker page where they are made.
import { useState } from 'react';
import { Button, Flex, Tag, theme } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatHashrate, splitHashrate } from '@hashpool/shared';
import { SafeLink } from '../../../shell/navigation/navigation';
import { useToast } from '../../../ui/toast';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Paragraph, Text, Title } from '../../../ui/Text';
import { poolPaths } from '../lib/constants';
import { isBelowThreshold, type HashrateUnit } from '../lib/threshold';
import type { GroupAlert } from '../mining.api';
import { useGroupAlerts, useSaveGroupAlert, type AccountScope } from '../mining.queries';
import { GroupAlarmDialog } from './GroupAlarmDialog';

function GroupAlarmRow({ group, onEdit }: { group: GroupAlert; onEdit: () => void }) {
  const { t } = useTranslation('pool');
  const { token } = theme.useToken();
  const below = isBelowThreshold(group);
  return (
    <li data-testid="group-alarm" style={{ listStyle: 'none', padding: '12px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Flex vertical gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Text strong style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={group.name}>
            {group.name}
          </Text>
          <Text tone="secondary" style={{ fontSize: 13 }}>
            {t('alerts.groups.workers', { active: group.active, total: group.total, hashrate: formatHashrate(group.hashrate_15m) })}
          </Text>
        </Flex>
        <Flex align="center" gap={8} wrap>
          {group.hashrate_threshold === null ? (
            <Text tone="secondary">{t('alerts.groups.off')}</Text>
          ) : (
            <Text>{t('alerts.groups.below', { threshold: formatHashrate(group.hashrate_threshold) })}</Text>
          )}
          {below && (
            <Tag color="error" style={{ marginInlineEnd: 0 }}>
              {t('alerts.groups.firing')}
            </Tag>
          )}
          <Button size="small" icon={<BellOutlined />} aria-label={t('alerts.groups.dialog_title', { name: group.name })} onClick={onEdit}>
            {t('alerts.groups.edit')}
          </Button>
        </Flex>
      </Flex>
    </li>
  );
}

export function GroupAlarmList({ scope }: { scope: AccountScope }) {
  const { t } = useTranslation('pool');
  const toast = useToast();
  const groups = useGroupAlerts(scope);
  const save = useSaveGroupAlert(scope);
  const [editing, setEditing] = useState<GroupAlert | null>(null);

  const list = groups.data ?? [];
  // Without a threshold yet, the unit offered is the one the group's hashrate is in now.
  const unitOf = (group: GroupAlert) => (group.hashrate_15m > 0 ? splitHashrate(group.hashrate_15m).unit : 'TH/s') as HashrateUnit;

  return (
    <section aria-labelledby="group-alarms-title" style={{ maxWidth: 560 }}>
      <Title level={5} id="group-alarms-title" style={{ marginBottom: 4 }}>
        {t('alerts.groups.title')}
      </Title>
      <Paragraph tone="secondary" style={{ fontSize: 13 }}>
        {t('alerts.groups.help')}
      </Paragraph>
      {!groups.data ? (
        groups.isError ? <Paragraph tone="secondary">{t('common.load_failed')}</Paragraph> : <PageSpinner />
      ) : list.length === 0 ? (
        <Paragraph tone="secondary" style={{ margin: 0 }}>
          {t('alerts.groups.none')} <SafeLink to={poolPaths.miner(scope.coin)}>{t('alerts.groups.none_link')}</SafeLink>
        </Paragraph>
      ) : (
        <ul aria-labelledby="group-alarms-title" style={{ margin: 0, padding: 0 }}>
          {list.map((group) => (
            <GroupAlarmRow key={group.id} group={group} onEdit={() => setEditing(group)} />
          ))}
        </ul>
      )}
      {editing && (
        <GroupAlarmDialog
          group={editing}
          fallbackUnit={unitOf(editing)}
          onClose={() => setEditing(null)}
          onSubmit={async (threshold) => {
            await save.mutateAsync({ id: editing.id, threshold });
            toast.success(t(threshold === null ? 'alerts.groups.removed' : 'alerts.groups.saved', { name: editing.name }));
          }}
        />
      )}
    </section>
  );
}
