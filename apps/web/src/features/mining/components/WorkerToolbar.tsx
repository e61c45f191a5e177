// Above the worker list: the status tabs with their counts, and the name search. The search box
// keeps what is typed until it is submitted; the address (and so the list) changes on submit.
import { useState } from 'react';
import { Badge, Flex, Input, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { SEARCH_MAX, STATUS_FILTERS, type StatusFilter } from '../lib/miner-query';
import type { MinerCounts } from '../mining.api';
import { ResponsiveTabs } from '../../../ui/ResponsiveTabs';

interface WorkerToolbarProps {
  status: StatusFilter;
  counts: MinerCounts | undefined;
  search: string;
  onStatus: (status: StatusFilter) => void;
  onSearch: (search: string) => void;
}

/** Badge counts up to this are shown in full (Ant Design's default cap is 99): a large farm's real count, not "9999+". */
const COUNT_MAX = 99_999_999;

export function WorkerToolbar({ status, counts, search, onStatus, onSearch }: WorkerToolbarProps) {
  const { t } = useTranslation('pool');
  const { token } = theme.useToken();
  // Keyed by the applied search: the back button (another search in the address) resets the box.
  const [typed, setTyped] = useState({ for: search, text: search });
  const text = typed.for === search ? typed.text : search;
  const countOf = (s: StatusFilter) => (counts ? (s === 'all' ? counts.total : counts[s]) : null);
  return (
    <Flex justify="space-between" align="center" wrap gap={12}>
      <ResponsiveTabs<StatusFilter>
        label={t('workers.status_label')}
        activeKey={status}
        onChange={onStatus}
        style={{ marginBottom: -16 }}
        items={STATUS_FILTERS.map((s) => {
          const count = countOf(s);
          return {
            key: s,
            label: (
              <Flex align="center" gap={6}>
                {t(`status_tabs.${s}`)}
                {count !== null && <Badge count={count} showZero overflowCount={COUNT_MAX} color={s === status ? token.colorPrimary : token.colorFillSecondary} style={{ color: s === status ? token.colorWhite : token.colorText, boxShadow: 'none' }} />}
              </Flex>
            ),
          };
        })}
      />
      <Input.Search
        allowClear
        aria-label={t('workers.search')}
        placeholder={t('workers.search')}
        maxLength={SEARCH_MAX}
        value={text}
        onChange={(e) => setTyped({ for: search, text: e.target.value })}
        onSearch={(value) => onSearch(value.trim())}
        style={{ width: 240, maxWidth: '100%' }}
      />
    </Flex>
  );
}
