// The worker groups beside the list: every worker, the default group, then the user's groups, each
// with its worker count (active / total). Picking one filters the list; the user's own groups can
// be renamed or deleted (their workers go back to the default group). On phones it is a select.
import type { ReactNode } from 'react';
import { Button, Flex, Select, theme } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../ui/Panel';
import { useIsMobile } from '../../../ui/responsive';
import { Text } from '../../../ui/Text';
import { groupName, orderGroups } from '../lib/groups';
import type { GroupFilter } from '../lib/miner-query';
import type { WorkerGroup } from '../mining.api';

interface GroupSidebarProps {
  groups: readonly WorkerGroup[];
  /** Workers of the sub-account in all groups; null while unknown (loading, or the count failed): no made-up 0. */
  total: number | null;
  value: GroupFilter;
  onChange: (group: GroupFilter) => void;
  /** Left out in a read-only view (an observer link): no buttons to create, rename or delete. */
  onCreate?: () => void;
  onRename?: (group: WorkerGroup & { id: number }) => void;
  onDelete?: (group: WorkerGroup & { id: number }) => void;
}

const filterOf = (group: WorkerGroup): GroupFilter => group.id ?? 'default';

function GroupRow({ label, count, countTitle, selected, onSelect, actions }: { label: string; count: string; countTitle?: string; selected: boolean; onSelect: () => void; actions?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex
      align="center"
      gap={4}
      style={{ borderRadius: token.borderRadius, background: selected ? token.controlItemBgActive : undefined, paddingInlineEnd: 4 }}
    >
      <button
        type="button"
        aria-pressed={selected}
        onClick={onSelect}
        style={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          justifyContent: 'space-between',
          gap: 8,
          padding: '8px 10px',
          border: 0,
          background: 'transparent',
          cursor: 'pointer',
          color: selected ? token.colorPrimary : token.colorText,
          fontWeight: selected ? 600 : 400,
          font: 'inherit',
          textAlign: 'start',
        }}
      >
        <span title={label} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {label}
        </span>
        <span title={countTitle} aria-label={countTitle} style={{ color: token.colorTextSecondary, fontWeight: 400, whiteSpace: 'nowrap' }}>
          {count}
        </span>
      </button>
      {actions}
    </Flex>
  );
}

export function GroupSidebar({ groups, total, value, onChange, onCreate, onRename, onDelete }: GroupSidebarProps) {
  const { t } = useTranslation('pool');
  const isMobile = useIsMobile();
  const ordered = orderGroups(groups);
  const nameOf = (group: WorkerGroup) => groupName(group, t('groups.default'));
  // "3 / 5": active of all; the words are in the row's title for a pointer and for screen readers.
  const countOf = (group: WorkerGroup) => `${group.active} / ${group.total}`;
  const countTitle = (group: WorkerGroup) => t('groups.count', { active: group.active, total: group.total });

  if (isMobile) {
    return (
      <Flex gap={8}>
        <Select<string>
          aria-label={t('groups.title')}
          style={{ flex: 1 }}
          value={String(value)}
          onChange={(next) => onChange(next === 'all' || next === 'default' ? next : Number(next))}
          options={[
            { value: 'all', label: total === null ? t('groups.all') : `${t('groups.all')} (${total})` },
            ...ordered.map((group) => ({ value: String(filterOf(group)), label: `${nameOf(group)} (${countOf(group)})` })),
          ]}
        />
        {onCreate && <Button icon={<PlusOutlined />} aria-label={t('groups.create')} onClick={onCreate} />}
      </Flex>
    );
  }

  return (
    <Panel padding={12} style={{ position: 'sticky', top: 80 }}>
      <Flex justify="space-between" align="center" style={{ padding: '0 4px 8px 10px' }}>
        <Text strong>{t('groups.title')}</Text>
        {onCreate && (
          <Button type="text" size="small" icon={<PlusOutlined />} onClick={onCreate}>
            {t('groups.create_short')}
          </Button>
        )}
      </Flex>
      <nav aria-label={t('groups.title')}>
        <Flex vertical gap={2}>
          <GroupRow label={t('groups.all')} count={total === null ? '--' : String(total)} selected={value === 'all'} onSelect={() => onChange('all')} />
          {ordered.map((group) => {
            const own = group.id === null ? null : { ...group, id: group.id };
            return (
              <GroupRow
                key={group.id ?? 'default'}
                label={nameOf(group)}
                count={countOf(group)}
                countTitle={countTitle(group)}
                selected={value === filterOf(group)}
                onSelect={() => onChange(filterOf(group))}
                actions={
                  own && (
                    <>
                      {onRename && <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('groups.rename_named', { name: own.name })} onClick={() => onRename(own)} />}
                      {onDelete && <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('groups.delete_named', { name: own.name })} onClick={() => onDelete(own)} />}
                    </>
                  )
                }
              />
            );
          })}
        </Flex>
      </nav>
    </Panel>
  );
}
