// The staking and borrowing calls (apps/server staking.routes.ts; shapes from
// packages/shared/src/schemas/staking.ts as types only). Calls that move money carry the
// dialog's idempotency key; they are silent: the dialogs place the refusal.
import type { BorrowingOverview, Loan, LoanProduct, LoanProductBody, Stake, StakeBatch, StakeBatchBody, StakingOverview } from '@hashpool/shared';
import { IDEMPOTENCY_HEADER } from '@hashpool/shared';
import { api } from '../../shell/api/client';

export type { BorrowingOverview, Loan, LoanProduct, LoanProductBody, Stake, StakeBatch, StakeBatchBody, StakingOverview };
export type AdminBatch = StakeBatch & { staked_amount: string; active_stakes: number };
export type AdminProduct = LoanProduct & { capacity: string; auto_approve_below: string | null };
export type AdminLoan = Loan & { account_name: string | null };

type Options = { signal?: AbortSignal };
const keyed = (key: string) => ({ silent: true, headers: { [IDEMPOTENCY_HEADER]: key } });

export const stakingApi = {
  overview: (o?: Options) => api.get<StakingOverview>('/v2/staking', undefined, o),
  stake: (batchId: string, amount: string, key: string) => api.post<Stake>('/v2/staking/stake', { batch_id: batchId, amount }, keyed(key)),
  reduce: (amount: string, key: string) => api.post<Stake>('/v2/staking/reduce', { amount }, keyed(key)),
  unstake: (acceptForfeit: boolean, key: string) => api.post<Stake>('/v2/staking/unstake', { accept_forfeit: acceptForfeit }, keyed(key)),
  claim: (key: string) => api.post<{ paid: string; stake: Stake }>('/v2/staking/claim', {}, keyed(key)),

  borrowing: (o?: Options) => api.get<BorrowingOverview>('/v2/borrowing', undefined, o),
  borrow: (productId: string, amount: string, key: string) => api.post<Loan>('/v2/borrowing/loans', { product_id: productId, amount, agree_terms: true }, keyed(key)),
  repay: (loanId: string, amount: string, key: string) => api.post<Loan>(`/v2/borrowing/loans/${encodeURIComponent(loanId)}/repay`, { amount }, keyed(key)),
  cancel: (loanId: string) => api.post<Loan>(`/v2/borrowing/loans/${encodeURIComponent(loanId)}/cancel`),

  adminBatches: () => api.get<AdminBatch[]>('/admin/staking/batches'),
  saveBatch: (id: string | null, body: StakeBatchBody) =>
    id ? api.put<StakeBatch>(`/admin/staking/batches/${encodeURIComponent(id)}`, { ...body }, { silent: true }) : api.post<StakeBatch>('/admin/staking/batches', { ...body }, { silent: true }),
  adminProducts: () => api.get<AdminProduct[]>('/admin/loan-products'),
  saveProduct: (id: string | null, body: LoanProductBody) =>
    id ? api.put<AdminProduct>(`/admin/loan-products/${encodeURIComponent(id)}`, { ...body }, { silent: true }) : api.post<AdminProduct>('/admin/loan-products', { ...body }, { silent: true }),
  adminLoans: (status?: string) => api.get<AdminLoan[]>('/admin/loans', status ? { status } : undefined),
  decide: (loanId: string, approve: boolean) => api.post<Loan>(`/admin/loans/${encodeURIComponent(loanId)}/${approve ? 'approve' : 'reject'}`),
};
