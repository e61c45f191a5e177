// Actions on several workers: move the selected ones to a group, or clear workers (the selected
// ones, every inactive one or every dead one). Clearing always asks first (ClearDialog).
import { Button, Dropdown, Flex } from 'antd';
import { ClearOutlined, DownOutlined, FolderOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Text } from '../../../ui/Text';
import type { ClearMode, MinerCounts } from '../mining.api';

interface BatchActionsProps {
  selected: number;
  counts: MinerCounts | undefined;
  onMove: () => void;
  onClear: (mode: ClearMode) => void;
}

export function BatchActions({ selected, counts, onMove, onClear }: BatchActionsProps) {
  const { t } = useTranslation('pool');
  const clearItems = [
    { key: 'selected', label: t('clear.menu.selected', { count: selected }), disabled: selected === 0 },
    // "inactive" clears every worker silent for 15 minutes, the dead ones included (groups.service.ts).
    { key: 'inactive', label: t('clear.menu.inactive', { count: counts ? counts.inactive + counts.dead : 0 }), disabled: !counts || counts.inactive + counts.dead === 0 },
    { key: 'dead', label: t('clear.menu.dead', { count: counts?.dead ?? 0 }), disabled: !counts || counts.dead === 0 },
  ];
  return (
    <Flex align="center" gap={8} wrap>
      <Text tone="secondary" aria-live="polite">
        {t('workers.selected', { count: selected })}
      </Text>
      <Button icon={<FolderOutlined />} disabled={selected === 0} onClick={onMove}>
        {t('move.button')}
      </Button>
      <Dropdown trigger={['click']} menu={{ items: clearItems, onClick: ({ key }) => onClear(key as ClearMode) }}>
        <Button icon={<ClearOutlined />}>
          {t('clear.button')} <DownOutlined />
        </Button>
      </Dropdown>
    </Flex>
  );
}
