// A support page's load that failed, with a retry: the app's queries do not retry by themselves.
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusResult } from '../../../ui/StatusResult';

export function LoadFailed({ query }: { query: { isFetching: boolean; refetch: () => unknown } }) {
  const { t } = useTranslation('support');
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
