// What operators did, newest first: who, which action on what, and its details (a rejection's
// reason, an adjustment's amount) as labelled fields, in the operator's timezone and language;
// users appear by name (audit-format.ts).
import { useState } from 'react';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@hashpool/shared';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Paragraph, Text } from '../../../ui/Text';
import { Pager } from '../../../ui/Pager';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import type { AuditEntry } from '../admin.api';
import { ADMIN_PAGE_SIZE, useAuditLog } from '../admin.queries';
import { auditEntryView } from './audit-format';

export function AuditLog({ timezone }: { timezone: string }) {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  const data = log.data;
  const view = (e: AuditEntry) => auditEntryView(e, data?.people ?? {}, t, timezone);

  const columns: DataColumn<AuditEntry>[] = [
    { key: 'time', title: t('audit.columns.time', { timezone }), render: (e) => formatDateTime(e.created_at, timezone) },
    { key: 'admin', title: t('audit.columns.admin'), render: (e) => e.admin ?? t('audit.system') },
    { key: 'action', title: t('audit.columns.action'), render: (e) => view(e).action },
    {
      key: 'target',
      title: t('audit.columns.target'),
      render: (e) => {
        const target = view(e).target;
        return target.raw ? <code style={{ wordBreak: 'break-all' }}>{target.text}</code> : target.text;
      },
    },
    {
      key: 'detail',
      title: t('audit.columns.detail'),
      render: (e) => {
        const fields = view(e).fields;
        return fields.length > 0 ? (
          <dl style={{ margin: 0 }}>
            {fields.map((f) => (
              <div key={f.key}>
                <dt style={{ display: 'inline', marginInlineEnd: 6 }}>
                  <Text tone="secondary">{f.label}</Text>
                </dt>
                <dd style={{ display: 'inline', margin: 0, wordBreak: 'break-word' }}>{f.value}</dd>
              </div>
            ))}
          </dl>
        ) : null;
      },
    },
  ];

  return (
    <Flex vertical gap={16}>
      {!data ? (
        log.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />
      ) : (
        <ResponsiveTable rows={data.list} rowKey={(e) => e.id} columns={columns} caption={t('tabs.audit')} empty={t('audit.empty')} cardTestId="audit-entry" />
      )}
      <Pager page={page} total={data?.total ?? 0} pageSize={ADMIN_PAGE_SIZE} onChange={setPage} />
    </Flex>
  );
}
