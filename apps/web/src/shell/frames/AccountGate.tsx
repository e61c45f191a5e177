// The account pages show the current sub-account's data: this waits for it, and says what to do
// when the user has none (docs/rules.md, Routes and access: sub-accounts are made on /user/account).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkResult } from '../navigation/LinkResult';
import { PageSpinner } from '../../ui/PageSpinner';
import { StatusResult } from '../../ui/StatusResult';
import { useCurrentAccount } from './usePoolContext';

export function AccountGate({ children }: { children: (account: string) => ReactNode }) {
  const { t } = useTranslation('pool');
  const current = useCurrentAccount();
  if (current.state === 'loading') return <PageSpinner />;
  if (current.state === 'error') return <StatusResult status="error" title={t('common.load_failed')} />;
  if (current.state === 'none') return <LinkResult status="info" title={t('account.none_title')} subtitle={t('account.none_text')} to="/user/account" action={t('account.create')} />;
  return children(current.name);
}
