// The message centre's list: alerts and notices, newest first, unread ones marked. Filter by type
// or unread; mark read or delete one, the selected ones, or all. Each message is worded here from
// its type and params by the renderer of the feature that owns the type (its messages.ts,
// shell/features/messages.ts), in the reader's language.
import { useEffect, useState } from 'react';
import { Button, Checkbox, Flex, Select, Switch, theme } from 'antd';
import { CheckOutlined, DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '@hashpool/shared';
import { useToast } from '../../../ui/toast';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { Paragraph, Text } from '../../../ui/Text';
import { PAGE_SIZE } from '../lib/constants';
import { messageFiltersToParams, parseMessageFilters, type MessageFilters } from '../lib/message-filters';
import { describeMessage, messageTypeNames, namespaceOf, UNKNOWN_MESSAGE, type MessageRenderers, type Phrase } from '../../../shell/features/messages';
import { useMessageRenderers } from '../../../shell/features/registry-context';
import { useIsOperator } from '../../../shell/session/viewer';
import type { Message, MessageTarget } from '../mining.api';
import { useMessageMutations, useMessages } from '../mining.queries';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Pager } from '../../../ui/Pager';

/** The namespaces the renderers' texts are in, besides the list's own (pool). */
function messageNamespaces(renderers: MessageRenderers): string[] {
  return [...new Set(['pool', namespaceOf(UNKNOWN_MESSAGE.title), ...Object.values(renderers).map((renderer) => namespaceOf(renderer.name))])];
}

function MessageItem({ message, renderers, timezone, checked, onCheck, onRead, onDelete }: { message: Message; renderers: MessageRenderers; timezone: string; checked: boolean; onCheck: (on: boolean) => void; onRead: () => void; onDelete: () => void }) {
  const { t, i18n } = useTranslation(messageNamespaces(renderers));
  const { token } = theme.useToken();
  const text = describeMessage(renderers, message.type, message.params, i18n.language);
  const say = (phrase: Phrase) => t(phrase.key, phrase.values);
  const title = say(text.title);
  return (
    <li
      data-testid="message"
      data-type={message.type}
      data-read={message.read}
      style={{ listStyle: 'none', padding: '14px 4px', borderBottom: `1px solid ${token.colorBorderSecondary}`, display: 'flex', gap: 12, alignItems: 'flex-start' }}
    >
      <Checkbox checked={checked} onChange={(e) => onCheck(e.target.checked)} aria-label={t('messages.select_one', { title })} style={{ marginTop: 2 }} />
      <span
        aria-hidden="true"
        style={{ width: 8, height: 8, borderRadius: '50%', marginTop: 8, flexShrink: 0, background: message.read ? 'transparent' : token.colorPrimary }}
      />
      <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Flex justify="space-between" gap={8} wrap>
          <Text strong={!message.read}>
            {title}
            {!message.read && <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}> ({t('messages.unread')})</span>}
          </Text>
          <Text tone="secondary" style={{ fontSize: 13, whiteSpace: 'nowrap' }}>
            {formatDateTime(message.created_at, timezone)}
          </Text>
        </Flex>
        <Paragraph tone={message.read ? 'secondary' : 'default'} style={{ margin: 0, wordBreak: 'break-word' }}>
          {say(text.body)}
        </Paragraph>
      </Flex>
      <Flex gap={4} style={{ flexShrink: 0 }}>
        {!message.read && <Button type="text" size="small" icon={<CheckOutlined />} aria-label={t('messages.mark_read_one', { title })} onClick={onRead} />}
        <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('messages.delete_one', { title })} onClick={onDelete} />
      </Flex>
    </li>
  );
}

type Confirm = { kind: 'selected' | 'all' } | null;

export function MessageList({ timezone }: { timezone: string }) {
  const renderers = useMessageRenderers();
  const { t } = useTranslation(messageNamespaces(renderers));
  const toast = useToast();
  const operator = useIsOperator();
  const [params, setParams] = useSearchParams();
  const filters = parseMessageFilters(params);
  const listKey = messageFiltersToParams(filters).toString();
  const messages = useMessages({ page: filters.page, page_size: PAGE_SIZE, type: filters.type === 'all' ? undefined : filters.type, unread: filters.unread });
  const { markRead, remove } = useMessageMutations();
  const [selection, setSelection] = useState<{ list: string; ids: number[] }>({ list: listKey, ids: [] });
  const selected = selection.list === listKey ? selection.ids : [];
  const select = (ids: number[]) => setSelection({ list: listKey, ids });
  const [confirm, setConfirm] = useState<Confirm>(null);

  const change = (next: Partial<MessageFilters>) => setParams(messageFiltersToParams({ ...filters, page: 1, ...next }));
  const run = async (action: Promise<{ count: number }>, done: (count: number) => string) => {
    try {
      const { count } = await action;
      select([]);
      toast.success(done(count));
    } catch {
      // The client has shown the server's message.
    }
  };
  const read = (target: MessageTarget) => run(markRead.mutateAsync(target), (count) => t('messages.marked', { count }));
  const del = (target: MessageTarget) => run(remove.mutateAsync(target), (count) => t('messages.deleted', { count }));

  const page = messages.data;
  const rows = page?.list ?? [];
  const allChecked = rows.length > 0 && rows.every((m) => selected.includes(m.id));

  // A page emptied by deleting (or, with "Unread only", reading) its last messages while others
  // remain: go to the last page there is, in place of this one, not to "no messages" with no pager.
  const lastPage = page && !messages.isPlaceholderData && rows.length === 0 && page.total > 0 ? Math.max(1, Math.ceil(page.total / PAGE_SIZE)) : null;
  const moving = lastPage !== null && lastPage < filters.page;
  useEffect(() => {
    if (lastPage !== null && moving) setParams(messageFiltersToParams({ ...filters, page: lastPage }), { replace: true });
  }, [moving, lastPage, filters, setParams]);

  return (
    <Panel
      title={
        <Flex justify="space-between" align="center" wrap gap={8}>
          <span>{t('messages.title')}</span>
          {page && (
            <Text tone="secondary" style={{ fontWeight: 400, fontSize: 14 }} data-testid="unread-count">
              {t('messages.unread_count', { count: page.unread })}
            </Text>
          )}
        </Flex>
      }
    >
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 8 }}>
        <Flex align="center" gap={12} wrap>
          <Select<string>
            aria-label={t('messages.type_filter')}
            style={{ minWidth: 200 }}
            value={filters.type}
            onChange={(type) => change({ type: type as MessageFilters['type'] })}
            options={[{ value: 'all', label: t('messages.all_types') }, ...messageTypeNames(renderers, { operator }).map(({ type, name }) => ({ value: type, label: name ? t(name) : type }))]}
          />
          <Flex align="center" gap={8}>
            <Switch size="small" checked={filters.unread} onChange={(unread) => change({ unread })} aria-label={t('messages.unread_only')} id="unread-only" />
            <label htmlFor="unread-only">{t('messages.unread_only')}</label>
          </Flex>
        </Flex>
        <Flex gap={8} wrap>
          <Button onClick={() => void read({ all: true })} disabled={!page || page.unread === 0} loading={markRead.isPending}>
            {t('messages.mark_all_read')}
          </Button>
          <Button danger onClick={() => setConfirm({ kind: 'all' })} disabled={!page || page.total === 0}>
            {t('messages.delete_all')}
          </Button>
        </Flex>
      </Flex>

      {rows.length > 0 && (
        <Flex align="center" gap={12} wrap style={{ padding: '8px 4px' }}>
          <Checkbox checked={allChecked} indeterminate={!allChecked && selected.length > 0} onChange={(e) => select(e.target.checked ? rows.map((m) => m.id) : [])}>
            {t('messages.select_page')}
          </Checkbox>
          <Button size="small" disabled={selected.length === 0} onClick={() => void read({ ids: selected })}>
            {t('messages.mark_selected_read', { count: selected.length })}
          </Button>
          <Button size="small" danger disabled={selected.length === 0} onClick={() => setConfirm({ kind: 'selected' })}>
            {t('messages.delete_selected', { count: selected.length })}
          </Button>
        </Flex>
      )}

      {!page ? (
        messages.isError ? <Paragraph tone="secondary">{t('common.load_failed')}</Paragraph> : <PageSpinner />
      ) : moving || (messages.isPlaceholderData && rows.length === 0) ? (
        // Moving to the last page, or its page still loading (the emptied page shown meanwhile is no answer).
        <PageSpinner />
      ) : rows.length === 0 ? (
        <Paragraph tone="secondary" style={{ padding: '24px 0', margin: 0, textAlign: 'center' }}>
          {filters.type === 'all' && !filters.unread ? t('messages.empty') : t('messages.empty_filtered')}
        </Paragraph>
      ) : (
        <ul aria-label={t('messages.title')} style={{ margin: 0, padding: 0 }}>
          {rows.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              renderers={renderers}
              timezone={timezone}
              checked={selected.includes(message.id)}
              onCheck={(on) => select(on ? [...selected, message.id] : selected.filter((id) => id !== message.id))}
              onRead={() => void read({ ids: [message.id] })}
              onDelete={() => void del({ ids: [message.id] })}
            />
          ))}
        </ul>
      )}
      <Pager page={filters.page} total={page?.total ?? 0} onChange={(next) => setParams(messageFiltersToParams({ ...filters, page: next }))} />

      {confirm && (
        <ConfirmDialog
          title={confirm.kind === 'all' ? t('messages.delete_all') : t('messages.delete_selected', { count: selected.length })}
          text={confirm.kind === 'all' ? t('messages.delete_all_text') : t('messages.delete_selected_text', { count: selected.length })}
          okText={t('common.delete')}
          onClose={() => setConfirm(null)}
          onConfirm={async () => {
            const { count } = await remove.mutateAsync(confirm.kind === 'all' ? { all: true } : { ids: selected });
            select([]);
            toast.success(t('messages.deleted', { count }));
          }}
        />
      )}
    </Panel>
  );
}
