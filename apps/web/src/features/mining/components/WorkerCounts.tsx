// The dashboard's workers by status; each count opens the worker list filtered to that status.
import { Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { WORKER_STATUSES, type WorkerStatus } from '@hashpool/shared';
import { SafeLink } from '../../../shell/navigation/navigation';
import { Panel } from '../../../ui/Panel';
import { Text } from '../../../ui/Text';
import { VisuallyHidden } from '../../../ui/VisuallyHidden';
import { poolPaths } from '../lib/constants';
import { filtersToParams, DEFAULT_FILTERS } from '../lib/miner-query';
import type { MinerCounts } from '../mining.api';

function useStatusColours(): Record<WorkerStatus, string> {
  const { token } = theme.useToken();
  return { active: token.colorSuccess, inactive: token.colorWarning, dead: token.colorError };
}

export function WorkerCounts({ coin, counts }: { coin: string; counts: MinerCounts }) {
  const { t } = useTranslation('pool');
  const colours = useStatusColours();
  return (
    <Panel title={t('home.workers_title', { total: counts.total })} padding={20} style={{ height: '100%' }}>
      <Flex gap={12} wrap>
        {WORKER_STATUSES.map((status) => (
          <SafeLink
            key={status}
            to={poolPaths.miner(coin, `?${filtersToParams({ ...DEFAULT_FILTERS, status })}`)}
            style={{ flex: '1 1 90px' }}
          >
            <Panel hoverable padding={12}>
              <Flex vertical gap={4}>
                <Flex align="center" gap={6}>
                  <span aria-hidden="true" style={{ width: 8, height: 8, borderRadius: '50%', background: colours[status] }} />
                  <Text tone="secondary">{t(`status_tabs.${status}`)}</Text>
                </Flex>
                <span style={{ fontSize: 24, fontWeight: 600, color: colours[status] }} data-testid={`workers-${status}`}>
                  {counts[status]}
                </span>
                {/* The link's name starts with what it shows ("Active 7"), as speech input users say it. */}
                <VisuallyHidden>{t('home.workers_link')}</VisuallyHidden>
              </Flex>
            </Panel>
          </SafeLink>
        ))}
      </Flex>
    </Panel>
  );
}
