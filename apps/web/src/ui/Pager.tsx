// The pager of the lists: 10 rows a page and at most 5 page buttons (docs/rules.md, Limits and constants), hidden
// when everything fits on one page.
import { Flex, Pagination } from 'antd';
import { PAGE_SIZE } from './paging';

export function Pager({ page, total, onChange, pageSize = PAGE_SIZE }: { page: number; total: number; onChange: (page: number) => void; pageSize?: number }) {
  if (total <= pageSize) return null;
  return (
    <Flex justify="flex-end" style={{ marginTop: 16 }}>
      {/* showLessItems: first, last, and the current page with one neighbour each side, i.e. five. */}
      <Pagination current={page} pageSize={pageSize} total={total} showSizeChanger={false} showLessItems onChange={onChange} />
    </Flex>
  );
}
