// /admin/support (operators; a "support" role later): the ticket queue filtered by status, type
// and assignee; a ticket's whole thread with internal notes; take or release it, answer (answered
// or waiting for the user), add a note, close. The server checks the operator on every call.
import { useState } from 'react';
import { Button, Flex, Input, Popconfirm, Segmented, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime, TICKET_STATUSES, TICKET_TYPES, type TicketStatus, type TicketType } from '@hashpool/shared';
import { useMine } from '../../../shell/session/user.queries';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Pager } from '../../../ui/Pager';
import { Panel } from '../../../ui/Panel';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { PageHeader } from '../../../ui/PageHeader';
import { Paragraph, Text } from '../../../ui/Text';
import { LoadFailed } from '../../../ui/LoadFailed';
import { StatusBadge } from '../components/StatusBadge';
import { MissingTicket, TicketHeading } from '../components/TicketParts';
import { TicketThread } from '../components/TicketThread';
import { supportApi, type AdminTicketPage, type QueueFilter } from '../support.api';
import { TICKET_PAGE_SIZE, useAdminTicket, useQueue, useTicketAction } from '../support.queries';

export default function AdminSupportPage() {
  const { t } = useTranslation('support');
  const mine = useMine();
  const timezone = mine.data?.timezone;
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('id')) || null;
  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('admin.title')} subtitle={t('admin.subtitle')} />
      {!timezone ? (mine.isError ? <LoadFailed query={mine} /> : <PageSpinner />) : selected ? <AdminTicket id={selected} timezone={timezone} onBack={() => setParams({})} /> : <Queue timezone={timezone} onOpen={(id) => setParams({ id: String(id) })} />}
    </Flex>
  );
}

function Queue({ timezone, onOpen }: { timezone: string; onOpen: (id: number) => void }) {
  const { t } = useTranslation('support');
  const [filter, setFilter] = useState<QueueFilter>({ status: 'open' });
  const [page, setPage] = useState(1);
  const queue = useQueue(filter, page);
  const change = (next: QueueFilter) => {
    setFilter(next);
    setPage(1);
  };
  const columns: DataColumn<AdminTicketPage['list'][number]>[] = [
    { key: 'id', title: t('list.id'), render: (r) => `#${r.id}` },
    { key: 'title', title: t('list.subject'), render: (r) => <Text strong>{r.title}</Text> },
    { key: 'user', title: t('admin.user'), render: (r) => r.user_email ?? '--' },
    { key: 'type', title: t('list.type'), render: (r) => t(`types.${r.type}`) },
    { key: 'status', title: t('list.status'), render: (r) => <StatusBadge status={r.status} /> },
    { key: 'assignee', title: t('admin.assignee'), render: (r) => (r.assigned_to_me ? <Tag color="blue">{t('admin.me')}</Tag> : (r.assignee_email ?? '--')) },
    { key: 'updated', title: t('list.updated'), render: (r) => formatDateTime(r.updated_at, timezone) },
  ];
  return (
    <Panel>
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Select<TicketStatus | 'all'>
          aria-label={t('list.status')}
          value={filter.status ?? 'all'}
          style={{ minWidth: 180 }}
          onChange={(v) => change({ ...filter, status: v === 'all' ? undefined : v })}
          options={[{ value: 'all', label: t('admin.all_statuses') }, ...TICKET_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
        />
        <Select<TicketType | 'all'>
          aria-label={t('list.type')}
          value={filter.type ?? 'all'}
          style={{ minWidth: 180 }}
          onChange={(v) => change({ ...filter, type: v === 'all' ? undefined : v })}
          options={[{ value: 'all', label: t('admin.all_types') }, ...TICKET_TYPES.map((s) => ({ value: s, label: t(`types.${s}`) }))]}
        />
        <Segmented<'all' | 'me' | 'none'>
          value={filter.assignee ?? 'all'}
          onChange={(v) => change({ ...filter, assignee: v === 'all' ? undefined : v })}
          options={[
            { value: 'all', label: t('admin.anyone') },
            { value: 'me', label: t('admin.mine') },
            { value: 'none', label: t('admin.unassigned') },
          ]}
        />
      </Flex>
      {!queue.data ? (
        queue.isError ? <LoadFailed query={queue} /> : <PageSpinner />
      ) : (
        <>
          <ResponsiveTable rows={queue.data.list} rowKey={(r) => r.id} columns={columns} caption={t('admin.queue')} empty={t('admin.empty')} onRowClick={(r) => onOpen(r.id)} cardTestId="queue-card" />
          <Pager page={page} total={queue.data.total} pageSize={TICKET_PAGE_SIZE} onChange={setPage} />
        </>
      )}
    </Panel>
  );
}

function AdminTicket({ id, timezone, onBack }: { id: number; timezone: string; onBack: () => void }) {
  const { t } = useTranslation('support');
  const ticket = useAdminTicket(id);
  const { busy, run: runAction } = useTicketAction();
  const [answer, setAnswer] = useState('');
  const [note, setNote] = useState('');
  if (ticket.isError) return <MissingTicket onBack={onBack} />;
  if (!ticket.data) return <PageSpinner />;
  const d = ticket.data;
  const run = (action: () => Promise<unknown>, after?: () => void) => runAction(action).then((done) => done && after?.());
  const closed = d.status === 'closed';

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap>
        <Button onClick={onBack}>{t('detail.back')}</Button>
        <Button disabled={busy} onClick={() => void run(() => supportApi.assign(d.id, d.assigned_to_me ? 'none' : 'me'))}>
          {d.assigned_to_me ? t('admin.release') : t('admin.take')}
        </Button>
        {!closed && (
          <Popconfirm title={t('detail.close_confirm')} okText={t('detail.close')} cancelText={t('new.cancel')} onConfirm={() => void run(() => supportApi.adminClose(d.id))}>
            <Button danger disabled={busy}>
              {t('detail.close')}
            </Button>
          </Popconfirm>
        )}
      </Flex>
      <Panel>
        <TicketHeading ticket={d} />
        <Paragraph tone="secondary" style={{ margin: '8px 0 16px' }}>
          {t('admin.from', { email: d.user_email ?? '--' })} · {t('admin.assignee')}: {d.assigned_to_me ? t('admin.me') : (d.assignee_email ?? '--')}
        </Paragraph>
        <TicketThread viewer="operator" messages={d.messages} timezone={timezone} download={(fileId) => supportApi.adminFile(d.id, fileId)} />
      </Panel>
      {!closed && (
        <Panel title={t('admin.answer')}>
          <Flex vertical gap={12}>
            <Input.TextArea aria-label={t('admin.answer')} rows={4} maxLength={5000} value={answer} onChange={(e) => setAnswer(e.target.value)} />
            <Flex gap={8} wrap>
              <Button type="primary" disabled={busy || !answer.trim()} onClick={() => void run(() => supportApi.answer(d.id, answer.trim(), 'answered'), () => setAnswer(''))}>
                {t('admin.send_answer')}
              </Button>
              <Button disabled={busy || !answer.trim()} onClick={() => void run(() => supportApi.answer(d.id, answer.trim(), 'waiting_user'), () => setAnswer(''))}>
                {t('admin.ask_user')}
              </Button>
            </Flex>
          </Flex>
        </Panel>
      )}
      <Panel title={t('admin.note')}>
        <Flex vertical gap={12}>
          <Paragraph tone="secondary" style={{ margin: 0 }}>
            {t('admin.note_hint')}
          </Paragraph>
          <Input.TextArea aria-label={t('admin.note')} rows={3} maxLength={5000} value={note} onChange={(e) => setNote(e.target.value)} />
          <Flex>
            <Button disabled={busy || !note.trim()} onClick={() => void run(() => supportApi.note(d.id, note.trim()), () => setNote(''))}>
              {t('admin.add_note')}
            </Button>
          </Flex>
        </Flex>
      </Panel>
    </Flex>
  );
}
