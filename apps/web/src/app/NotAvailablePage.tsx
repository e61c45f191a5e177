// What a known route shows when its page belongs to a later release: an honest 404-style result.
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { SafeLink } from '../shell/navigation/navigation';
import { StatusResult } from '../ui/StatusResult';

export function NotAvailablePage() {
  const { t } = useTranslation();
  return (
    <StatusResult
      status="not-found"
      title={t('not_available.title')}
      subtitle={t('not_available.subtitle')}
      extra={
        <SafeLink to="/">
          <Button type="primary">{t('not_available.back_home')}</Button>
        </SafeLink>
      }
    />
  );
}
