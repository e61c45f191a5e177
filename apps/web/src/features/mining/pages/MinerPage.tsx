// /pool/:type/miner (miner.view): the current sub-account's workers. Groups beside the list,
// status tabs with counts, name search, server-side sort (the sorts of docs/rules.md, Limits and constants), 10 a page,
// selection with "move to group" and "clear". Filters live in the address (lib/miner-query.ts).
import { useEffect, useState } from 'react';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useToast } from '../../../ui/toast';
import { LoadFailed } from '../../../ui/LoadFailed';
import { PageSpinner } from '../../../ui/PageSpinner';
import { useIsMobile } from '../../../ui/responsive';
import { BatchActions } from '../components/BatchActions';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { GroupNameDialog } from '../components/GroupNameDialog';
import { GroupSidebar } from '../components/GroupSidebar';
import { MoveDialog } from '../components/MoveDialog';
import { Pager } from '../../../ui/Pager';
import { PoolAccountPage } from '../../../shell/frames/PoolFrame';
import { WorkerCards } from '../components/WorkerCards';
import { WorkerTable } from '../components/WorkerTable';
import { WorkerToolbar } from '../components/WorkerToolbar';
import { useTimezone } from '../../../shell/frames/usePoolContext';
import { useReadOnlyView } from '../../../shell/session/observer';
import { PAGE_SIZE } from '../lib/constants';
import { groupName } from '../lib/groups';
import { filtersToParams, nextSort, parseFilters, updateFilters, type MinerFilters } from '../lib/miner-query';
import type { ClearMode, WorkerGroup } from '../mining.api';
import { useGroups, useMinerCounts, useMiners, useWorkerMutations, type AccountScope } from '../mining.queries';

export default function MinerPage() {
  const { t } = useTranslation('pool');
  return <PoolAccountPage title={t('nav.miner')}>{(coin, account) => <WorkerManager scope={{ coin: coin.code, account }} />}</PoolAccountPage>;
}

type OwnGroup = WorkerGroup & { id: number };
type Dialog = { kind: 'create' } | { kind: 'rename'; group: OwnGroup } | { kind: 'delete'; group: OwnGroup } | { kind: 'move' } | { kind: 'clear'; mode: ClearMode } | null;

function WorkerManager({ scope }: { scope: AccountScope }) {
  const { t } = useTranslation('pool');
  const toast = useToast();
  const isMobile = useIsMobile();
  const timezone = useTimezone();
  const [params, setParams] = useSearchParams();
  const filters = parseFilters(params);
  const listKey = filtersToParams(filters).toString();

  const miners = useMiners(scope, filters);
  const counts = useMinerCounts(scope);
  const groups = useGroups(scope);
  const actions = useWorkerMutations(scope);
  // An observer link only reads: no group or worker changes are offered.
  const readOnly = useReadOnlyView();

  // The selection belongs to the list it was made on: another page, filter or sort starts empty.
  // And to the rows shown: the list is fetched again every minute and may re-sort, so a worker that
  // left the page is no longer selected (Move and Clear act only on what the user sees ticked).
  const rows = miners.data?.list;
  const [selection, setSelection] = useState<{ list: string; ids: number[] }>({ list: listKey, ids: [] });
  const selected = selection.list === listKey ? selection.ids.filter((id) => rows?.some((row) => row.id === id)) : [];
  const select = (ids: number[]) => setSelection({ list: listKey, ids });
  useEffect(() => {
    // Drop for good what left the rows: a worker coming back on a later refresh is not ticked again.
    setSelection((current) => {
      const kept = current.ids.filter((id) => rows?.some((row) => row.id === id));
      return kept.length === current.ids.length ? current : { ...current, ids: kept };
    });
  }, [rows]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const change = (next: Partial<MinerFilters>, replace = false) => setParams(filtersToParams(updateFilters(filters, next)), { replace });

  // A page that no longer exists (workers moved or cleared, or a refresh with fewer of them): the
  // pager hides on a single page, so go to the last page there is instead of an empty list.
  const total = miners.data && !miners.isPlaceholderData ? miners.data.total : null;
  const lastPage = total === null ? null : Math.max(1, Math.ceil(total / PAGE_SIZE));
  useEffect(() => {
    if (lastPage !== null && filters.page > lastPage) change({ page: lastPage }, true);
    // Only the page and the list's total decide; `change` is a new function every render.
  }, [lastPage, filters.page]);
  const groupList = groups.data ?? [];
  const nameOfGroup = (id: number | null) => {
    const group = groupList.find((g) => g.id === id);
    return group ? groupName(group, t('groups.default')) : id === null ? t('groups.default') : '--';
  };

  const listProps = {
    coin: scope.coin,
    rows: rows ?? [],
    loading: miners.isFetching && miners.isPlaceholderData,
    filters,
    timezone,
    onSort: (column: Parameters<typeof nextSort>[1]) => change(nextSort(filters, column)),
    selected,
    onSelect: select,
    groupName: nameOfGroup,
  };

  return (
    <Flex gap={24} vertical={isMobile} align="flex-start">
      <div style={{ width: isMobile ? '100%' : 240, flexShrink: 0 }}>
        <GroupSidebar
          groups={groupList}
          total={counts.data?.total ?? null}
          value={filters.group}
          onChange={(group) => change({ group })}
          {...(readOnly
            ? {}
            : {
                onCreate: () => setDialog({ kind: 'create' }),
                onRename: (group: OwnGroup) => setDialog({ kind: 'rename', group }),
                onDelete: (group: OwnGroup) => setDialog({ kind: 'delete', group }),
              })}
        />
      </div>
      <Flex vertical gap={16} style={{ flex: 1, minWidth: 0, width: '100%' }}>
        <WorkerToolbar status={filters.status} counts={counts.data} search={filters.search} onStatus={(status) => change({ status })} onSearch={(search) => change({ search })} />
        {!readOnly && <BatchActions selected={selected.length} counts={counts.data} onMove={() => setDialog({ kind: 'move' })} onClear={(mode) => setDialog({ kind: 'clear', mode })} />}
        {!miners.data ? miners.isError ? <LoadFailed query={miners} /> : <PageSpinner /> : isMobile ? <WorkerCards {...listProps} /> : <WorkerTable {...listProps} />}
        <Pager page={filters.page} total={miners.data?.total ?? 0} onChange={(page) => change({ page })} />
      </Flex>

      {dialog?.kind === 'create' && (
        <GroupNameDialog
          title={t('groups.create')}
          okText={t('groups.create_ok')}
          onClose={close}
          onSubmit={async (name) => {
            await actions.createGroup.mutateAsync(name);
            toast.success(t('groups.created', { name }));
          }}
        />
      )}
      {dialog?.kind === 'rename' && (
        <GroupNameDialog
          title={t('groups.rename_named', { name: dialog.group.name })}
          okText={t('common.save')}
          initialName={dialog.group.name}
          onClose={close}
          onSubmit={async (name) => {
            await actions.renameGroup.mutateAsync({ id: dialog.group.id, name });
            toast.success(t('groups.renamed', { name }));
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={t('groups.delete_named', { name: dialog.group.name })}
          text={t('groups.delete_text', { name: dialog.group.name, count: dialog.group.total })}
          okText={t('common.delete')}
          onClose={close}
          onConfirm={async () => {
            await actions.deleteGroup.mutateAsync(dialog.group.id);
            // A list filtered to the group that is gone would stay empty: show every worker.
            if (filters.group === dialog.group.id) change({ group: 'all' });
            toast.success(t('groups.deleted', { name: dialog.group.name }));
          }}
        />
      )}
      {dialog?.kind === 'move' && (
        <MoveDialog
          count={selected.length}
          groups={groupList}
          onClose={close}
          onCreate={async (name) => (await actions.createGroup.mutateAsync(name)).id!}
          onMove={async (group, label) => {
            const { count } = await actions.move.mutateAsync({ ids: selected, group });
            select([]);
            toast.success(t('move.done', { count, group: label }));
          }}
        />
      )}
      {dialog?.kind === 'clear' && (
        <ConfirmDialog
          title={t(`clear.${dialog.mode}.title`)}
          text={t(`clear.${dialog.mode}.text`, { count: dialog.mode === 'selected' ? selected.length : dialog.mode === 'dead' ? (counts.data?.dead ?? 0) : (counts.data?.inactive ?? 0) + (counts.data?.dead ?? 0) })}
          okText={t('clear.confirm')}
          onClose={close}
          onConfirm={async () => {
            const { count } = await actions.clear.mutateAsync({ mode: dialog.mode, ids: dialog.mode === 'selected' ? selected : undefined });
            select([]);
            toast.success(t('clear.done', { count }));
          }}
        />
      )}
    </Flex>
  );
}
