// /ticket: support tickets. Logged out, how to get help and a way to log in. Logged in,
// the user's tickets, a form to open one (title, type, content, images or PDF), and the chosen
// ticket's thread (?id=) with a reply box and a close button.
import { useState } from 'react';
import { Button, Flex, Form, Input, Popconfirm, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ERRORS, formatDateTime, TICKET_TYPES, type TicketAttachment } from '@hashpool/shared';
import { ApiError } from '../../../shell/api/api-error';
import { showFormError } from '../../../shell/forms/server-errors';
import { LinkButton, SafeLink } from '../../../shell/navigation/navigation';
import { useAccessToken } from '../../../shell/session/session';
import { useMine } from '../../../shell/session/user.queries';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Pager } from '../../../ui/Pager';
import { Panel } from '../../../ui/Panel';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { PageHeader } from '../../../ui/PageHeader';
import { useIsMobile } from '../../../ui/responsive';
import { Paragraph, Text, Title } from '../../../ui/Text';
import { useToast } from '../../../ui/toast';
import { AttachmentPicker } from '../components/AttachmentPicker';
import { LoadFailed } from '../../../ui/LoadFailed';
import { StatusBadge } from '../components/StatusBadge';
import { MissingTicket, TicketHeading } from '../components/TicketParts';
import { TicketThread } from '../components/TicketThread';
import { supportApi, type NewTicket, type TicketPage as TicketList } from '../support.api';
import { TICKET_PAGE_SIZE, useSupportRefresh, useTicket, useTicketAction, useTickets } from '../support.queries';

export default function TicketPage() {
  const { t } = useTranslation('support');
  const loggedIn = useAccessToken() !== null;
  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {loggedIn ? <Tickets /> : <LoggedOutHelp />}
    </Flex>
  );
}

function LoggedOutHelp() {
  const { t } = useTranslation('support');
  return (
    <Panel>
      <Title level={2} style={{ marginTop: 0, fontSize: 20 }}>
        {t('help.title')}
      </Title>
      <ol style={{ paddingInlineStart: 20, margin: '0 0 16px' }}>
        <li>{t('help.step_login')}</li>
        <li>{t('help.step_contact')}</li>
        <li>{t('help.step_ticket')}</li>
      </ol>
      <Paragraph tone="secondary">{t('help.faq')}</Paragraph>
      <Flex gap={12} wrap>
        <LinkButton to="/login" type="primary">
          {t('help.login')}
        </LinkButton>
        <LinkButton to="/register/email">{t('help.register')}</LinkButton>
      </Flex>
    </Panel>
  );
}

function Tickets() {
  const { t } = useTranslation('support');
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const mine = useMine();
  const timezone = mine.data?.timezone;
  const selected = Number(params.get('id')) || null;
  // The list only where it is shown: a ticket's page (?id=) does not wait for it, nor fail with it.
  const list = useTickets(page, selected === null);

  if (!timezone) return mine.isError ? <LoadFailed query={mine} /> : <PageSpinner />;
  const select = (id: number | null) => setParams(id === null ? {} : { id: String(id) });

  if (selected !== null) return <TicketView id={selected} timezone={timezone} onBack={() => select(null)} />;
  return (
    <Flex vertical gap={16}>
      {creating ? (
        <NewTicketForm onDone={(id) => (setCreating(false), id !== null && select(id))} />
      ) : (
        <Flex>
          <Button type="primary" onClick={() => setCreating(true)}>
            {t('new.open')}
          </Button>
        </Flex>
      )}
      <Panel title={t('list.title')}>
        {list.data ? (
          <>
            <TicketTable data={list.data} timezone={timezone} onOpen={(id) => select(id)} />
            <Pager page={page} total={list.data.total} pageSize={TICKET_PAGE_SIZE} onChange={setPage} />
          </>
        ) : list.isError ? (
          <LoadFailed query={list} />
        ) : (
          <PageSpinner />
        )}
      </Panel>
    </Flex>
  );
}

function TicketTable({ data, timezone, onOpen }: { data: TicketList; timezone: string; onOpen: (id: number) => void }) {
  const { t } = useTranslation('support');
  const columns: DataColumn<TicketList['list'][number]>[] = [
    { key: 'id', title: t('list.id'), render: (r) => `#${r.id}` },
    { key: 'title', title: t('list.subject'), render: (r) => <Text strong>{r.title}</Text> },
    { key: 'type', title: t('list.type'), render: (r) => t(`types.${r.type}`) },
    { key: 'status', title: t('list.status'), render: (r) => <StatusBadge status={r.status} /> },
    { key: 'updated', title: t('list.updated'), render: (r) => formatDateTime(r.updated_at, timezone) },
  ];
  return <ResponsiveTable rows={data.list} rowKey={(r) => r.id} columns={columns} caption={t('list.title')} empty={t('list.empty')} onRowClick={(r) => onOpen(r.id)} cardTestId="ticket-card" />;
}

function NewTicketForm({ onDone }: { onDone: (id: number | null) => void }) {
  const { t } = useTranslation('support');
  const [form] = Form.useForm<Omit<NewTicket, 'attachment_ids'>>();
  const [files, setFiles] = useState<TicketAttachment[]>([]);
  const [busy, setBusy] = useState(false);
  const [needsContact, setNeedsContact] = useState<string | null>(null);
  const refresh = useSupportRefresh();
  const toast = useToast();

  const submit = async (values: Omit<NewTicket, 'attachment_ids'>) => {
    setBusy(true);
    try {
      const ticket = await supportApi.open({ ...values, attachment_ids: files.map((f) => f.id) });
      toast.success(t('new.done', { id: ticket.id }));
      void refresh();
      onDone(ticket.id);
    } catch (error) {
      if (error instanceof ApiError && error.code === ERRORS.ticket_needs_contact.code) setNeedsContact(error.message);
      else showFormError(form, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title={t('new.title')}>
      {needsContact && (
        <Paragraph role="alert" style={{ marginTop: 0 }}>
          <Text strong>{needsContact}</Text>{' '}
          <SafeLink to="/user/setting">{t('new.bind')}</SafeLink>
        </Paragraph>
      )}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} initialValues={{ type: 'general' }}>
        <Form.Item name="type" label={t('new.type')} rules={[{ required: true }]}>
          <Select options={TICKET_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))} style={{ maxWidth: 320 }} />
        </Form.Item>
        <Form.Item name="title" label={t('new.subject')} rules={[{ required: true, whitespace: true, message: t('new.subject_required') }, { max: 120 }]}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item name="content" label={t('new.content')} rules={[{ required: true, whitespace: true, message: t('new.content_required') }, { max: 5000 }]}>
          <Input.TextArea rows={6} maxLength={5000} showCount />
        </Form.Item>
        <Form.Item label={t('attachments.label')}>
          <AttachmentPicker value={files} onChange={setFiles} />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('new.submit')}
          </Button>
          <Button onClick={() => onDone(null)}>{t('new.cancel')}</Button>
        </Flex>
      </Form>
    </Panel>
  );
}

function TicketView({ id, timezone, onBack }: { id: number; timezone: string; onBack: () => void }) {
  const { t } = useTranslation('support');
  const ticket = useTicket(id);
  const { busy, run } = useTicketAction();
  const isMobile = useIsMobile();
  const [content, setContent] = useState('');
  const [files, setFiles] = useState<TicketAttachment[]>([]);

  if (ticket.isError) return <MissingTicket onBack={onBack} />;
  if (!ticket.data) return <PageSpinner />;
  const d = ticket.data;

  return (
    <Flex vertical gap={16}>
      <Flex>
        <Button onClick={onBack}>{t('detail.back')}</Button>
      </Flex>
      <Panel padding={isMobile ? 16 : 24}>
        <TicketHeading ticket={d} />
        <div style={{ marginTop: 16 }}>
          <TicketThread messages={d.messages} timezone={timezone} download={(fileId) => supportApi.file(d.id, fileId)} />
        </div>
      </Panel>
      {d.status === 'closed' ? (
        <Paragraph tone="secondary">{t('detail.closed')}</Paragraph>
      ) : (
        <Panel title={t('detail.reply')}>
          <Flex vertical gap={12}>
            <Input.TextArea aria-label={t('detail.reply')} rows={4} maxLength={5000} value={content} onChange={(e) => setContent(e.target.value)} />
            <AttachmentPicker value={files} onChange={setFiles} />
            <Flex gap={8} wrap>
              <Button
                type="primary"
                loading={busy}
                disabled={!content.trim()}
                onClick={() =>
                  void run(() => supportApi.reply(d.id, content.trim(), files.map((f) => f.id))).then((done) => {
                    if (done) {
                      setContent('');
                      setFiles([]);
                    }
                  })
                }
              >
                {t('detail.send')}
              </Button>
              <Popconfirm title={t('detail.close_confirm')} okText={t('detail.close')} cancelText={t('new.cancel')} onConfirm={() => void run(() => supportApi.close(d.id))}>
                <Button disabled={busy}>{t('detail.close')}</Button>
              </Popconfirm>
            </Flex>
          </Flex>
        </Panel>
      )}
    </Flex>
  );
}
