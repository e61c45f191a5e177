// A load that failed, with a retry: the app's queries do not retry by themselves, so a page that
// waited on one shows this instead of a spinner for ever.
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusResult } from './StatusResult';

export function LoadFailed({ query }: { query: { isFetching: boolean; refetch: () => unknown } }) {
  const { t } = useTranslation('common');
  return (
    <StatusResult
      status="error"
      title={t('load_failed')}
      extra={
        <Button loading={query.isFetching} onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      }
    />
  );
}
