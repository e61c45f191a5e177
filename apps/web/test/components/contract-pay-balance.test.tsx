// Paying a contract order from the wallet balance takes money from the wallet: besides the
// contracts' queries, the wallet's (its balances) are refreshed, so they do not show the money as
// still there. Other order changes leave the wallet alone. The contract calls are replaced; nothing
// is fetched.
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { contractsApi, type OrderDetail, type PayFromBalanceBody } from '../../src/features/contracts/contracts.api';
import { useContractMutations } from '../../src/features/contracts/contracts.queries';
import { walletKeys } from '../../src/features/wallet';
import { getSessionEpoch } from '../../src/shell/session/session';

function setUp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const epoch = getSessionEpoch();
  const balances = walletKeys.balances(epoch, 'a1');
  const order = ['contracts', epoch, 'order', 'o1'];
  client.setQueryData(balances, { list: [] });
  client.setQueryData(order, { id: 'o1' });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useContractMutations(), { wrapper });
  const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
  return { result, invalidated: { balances: () => invalidated(balances), order: () => invalidated(order) } };
}

describe('the contract order changes', () => {
  it('refresh the wallet balances after a payment from the balance', async () => {
    vi.spyOn(contractsApi, 'payBalance').mockResolvedValue({ id: 'o1' } as OrderDetail);
    const { result, invalidated } = setUp();
    await act(() => result.current.payBalance.mutateAsync(['o1', 'key-1', { pay_password: 'secret' } as PayFromBalanceBody]));
    expect(invalidated.order()).toBe(true);
    expect(invalidated.balances()).toBe(true);
  });

  it('leave the wallet alone on a cancel', async () => {
    vi.spyOn(contractsApi, 'cancel').mockResolvedValue({ id: 'o1' } as OrderDetail);
    const { result, invalidated } = setUp();
    await act(() => result.current.cancel.mutateAsync(['o1']));
    expect(invalidated.order()).toBe(true);
    expect(invalidated.balances()).toBe(false);
  });
});
