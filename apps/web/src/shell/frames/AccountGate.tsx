// The account pages show the current sub-account's data: this waits for it, and says what to do
// when the user has none (docs/rules.md, Routes and access: sub-accounts are made on /user/account).
import type { ReactNode } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { SafeLink } from '../navigation/navigation';
import { PageSpinner } from '../../ui/PageSpinner';
import { StatusResult } from '../../ui/StatusResult';
import { useCurrentAccount } from './usePoolContext';

export function AccountGate({ children }: { children: (account: string) => ReactNode }) {
  const { t } = useTranslation('pool');
  const current = useCurrentAccount();
  if (current.state === 'loading') return <PageSpinner />;
  if (current.state === 'error') return <StatusResult status="error" title={t('common.load_failed')} />;
  if (current.state === 'none') {
    return (
      <StatusResult
        status="info"
        title={t('account.none_title')}
        subtitle={t('account.none_text')}
        extra={
          <SafeLink to="/user/account">
            <Button type="primary">{t('account.create')}</Button>
          </SafeLink>
        }
      />
    );
  }
  return children(current.name);
}
