// The frame of the stake and borrow pages: the wallet's frame (title, sub-account), ALEO only
// (another coin's address offers the ALEO page), and the overview's loading and failure states.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LinkResult } from '../../../shell/navigation/LinkResult';
import { LoadFailed } from '../../../ui/LoadFailed';
import { PageSpinner } from '../../../ui/PageSpinner';
import { WalletFrame } from '../../wallet';

export function AleoPage({ title, path, children }: { title: string; path: string; children: (timezone: string) => ReactNode }) {
  const { t } = useTranslation('staking');
  const { type = '' } = useParams();
  return (
    <WalletFrame title={title} nav={false}>
      {(mine) => (type.toLowerCase() === 'aleo' ? children(mine.timezone) : <LinkResult status="info" title={t('aleo_only')} to={path} action={t('go_aleo')} />)}
    </WalletFrame>
  );
}

/** While an overview loads: a spinner, or its failure with a retry. */
export function Loading({ query }: { query: { isError: boolean; isFetching: boolean; refetch: () => unknown } }) {
  return query.isError ? <LoadFailed query={query} /> : <PageSpinner />;
}
