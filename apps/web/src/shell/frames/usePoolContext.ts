// What every pool page starts from: the coin of the address (/pool/:type/...), the user's
// timezone, and (on the account pages) the current sub-account, which the header's account menu
// switches (GET /users/mine `current_account`).
import { useParams } from 'react-router';
import { findCoin, type CoinInfo } from '@hashpool/shared';
import { useMine } from '../session/user.queries';
import { useObserverInfo, useObserverToken } from '../session/observer';

/** Timezone for visitors who are not logged in: everyone sees UTC, not the browser's zone. */
export const ANONYMOUS_TIMEZONE = 'UTC+00:00';

/**
 * The coin of the route. The route guard already sent unknown and address-mode coins home
 * (routing-rules.ts coinRuleRedirect), so a missing coin here is only a rendering moment before
 * that redirect.
 */
export function useRouteCoin(): CoinInfo | null {
  const { type = '' } = useParams();
  const coin = findCoin(type);
  return coin && coin.mode === 'account' ? coin : null;
}

/** The user's timezone ("UTC+08:00"); visitors and a still-loading user see UTC. */
export function useTimezone(): string {
  const mine = useMine().data;
  // An observer sees UTC, as any visitor (the owner's timezone is not theirs to know).
  return useObserverToken() === null ? (mine?.timezone ?? ANONYMOUS_TIMEZONE) : ANONYMOUS_TIMEZONE;
}

export type CurrentAccount = { state: 'loading' } | { state: 'error' } | { state: 'none' } | { state: 'ready'; name: string };

export function useCurrentAccount(): CurrentAccount {
  const mine = useMine();
  // An observer link shows its one sub-account (observer.ts).
  const observerToken = useObserverToken();
  const observer = useObserverInfo();
  if (observerToken !== null) {
    if (observer.isError) return { state: 'error' };
    return observer.data ? { state: 'ready', name: observer.data.account } : { state: 'loading' };
  }
  if (mine.isError) return { state: 'error' };
  if (!mine.data) return { state: 'loading' };
  const current = mine.data.current_account;
  return current ? { state: 'ready', name: current.name } : { state: 'none' };
}
