// What a known route shows when its page belongs to a later release: an honest 404-style result.
import { useTranslation } from 'react-i18next';
import { LinkResult } from '../shell/navigation/LinkResult';

export function NotAvailablePage() {
  const { t } = useTranslation();
  return <LinkResult status="not-found" title={t('not_available.title')} subtitle={t('not_available.subtitle')} to="/" action={t('not_available.back_home')} />;
}
