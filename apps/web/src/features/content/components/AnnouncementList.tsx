// The operator's announcements, paged (page size 10, docs/rules.md, Limits and constants). Ant Design's pager shows
// its own texts in the interface language. The section sits below the fold and is its own chunk,
// so its pager and page-size select do not weigh on the first screen.
import { useState } from 'react';
import { Empty, Flex, Pagination } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, type Announcement } from '@hashpool/shared';
import { useAnnouncements } from '../content.queries';
import { SmartLink } from '../../../shell/navigation/SmartLink';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { Paragraph, Text, Title } from '../../../ui/Text';

const DEFAULT_PAGE_SIZE = 10;

function AnnouncementItem({ item }: { item: Announcement }) {
  const title = <Text strong>{item.title}</Text>;
  return (
    <article>
      <Flex justify="space-between" align="baseline" gap={12} wrap>
        {item.url ? <SmartLink url={item.url}>{title}</SmartLink> : title}
        {/* Publication dates are calendar days in UTC, the pool's settlement clock. */}
        <Text tone="secondary">{formatDateTime(item.published_at, 'UTC', 'YYYY-MM-DD')}</Text>
      </Flex>
      <Paragraph tone="secondary" style={{ margin: '4px 0 0' }}>
        {item.summary}
      </Paragraph>
    </article>
  );
}

export default function AnnouncementList() {
  const { t } = useTranslation('home');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const { data, isPending } = useAnnouncements(page, pageSize);

  return (
    <section aria-labelledby="announcements-title">
      <Title level={2} id="announcements-title">
        {t('announcements.title')}
      </Title>
      <Panel>
        {isPending ? (
          <PageSpinner />
        ) : data && data.list.length > 0 ? (
          <Flex vertical gap={20}>
            {data.list.map((item) => (
              <AnnouncementItem key={item.id} item={item} />
            ))}
          </Flex>
        ) : (
          <Empty description={t('announcements.empty')} />
        )}
        <Flex justify="flex-end" style={{ marginTop: 20 }}>
          <Pagination
            current={page}
            pageSize={pageSize}
            total={data?.total ?? 0}
            showSizeChanger
            pageSizeOptions={[10, 20, 50]}
            showTotal={(total) => t('announcements.total', { total })}
            onChange={(nextPage, nextSize) => {
              setPage(nextSize === pageSize ? nextPage : 1);
              setPageSize(nextSize);
            }}
          />
        </Flex>
      </Panel>
    </section>
  );
}
