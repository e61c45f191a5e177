// /observer_redirect?observer_token=...: where an observer link leads. It checks the token (GET
// /users/observer/info) and sends the visitor to the link's first page of the sub-account's coin,
// the token kept in the address. A refused token ends on the login page with the server's message
// (components/ObserverView.tsx).
import { useTranslation } from 'react-i18next';
import { generatePath, Navigate } from 'react-router';
import { OBSERVER_TOKEN_PARAM } from '@hashpool/shared';
import { useObserverInfo, useObserverToken } from '../../../shell/session/observer';
import { usePools } from '../../../shell/site/site.queries';
import { LinkResult } from '../../../shell/navigation/LinkResult';
import { PageSpinner } from '../../../ui/PageSpinner';
import { StatusResult } from '../../../ui/StatusResult';

/** The coin an observer lands on when the pool lists none (the first coin of the catalogue). */
const FALLBACK_COIN = 'btc';

export default function ObserverRedirectPage() {
  const { t } = useTranslation('observers');
  const token = useObserverToken();
  const info = useObserverInfo();
  const pools = usePools();
  if (!token) return <LinkResult status="info" title={t('redirect.missing')} to="/" action={t('redirect.home')} />;
  if (info.isError) return <StatusResult status="error" title={t('redirect.failed')} />;
  if (!info.data || pools.isPending) return <PageSpinner />;
  // The sub-account's own coin (the one it mined last), else the pool's first coin.
  const accountCoins = (pools.data ?? []).filter((pool) => pool.mode === 'account').map((pool) => pool.coin);
  const coin = info.data.coin && accountCoins.includes(info.data.coin) ? info.data.coin : (accountCoins[0] ?? FALLBACK_COIN);
  const first = info.data.pages[0];
  if (!first) return <StatusResult status="error" title={t('redirect.failed')} />;
  const search = new URLSearchParams({ [OBSERVER_TOKEN_PARAM]: token });
  return <Navigate replace to={`${generatePath(first, { type: coin })}?${search.toString()}`} />;
}
