// The contracts calls (paths as in apps/server contracts.routes.ts). Shapes are the shared zod
// schemas, as types only. Creating an order and paying one from the balance carry the form's
// idempotency key, so a retry after a lost answer gets the first order or payment.
import {
  IDEMPOTENCY_HEADER,
  type bankDetailsSchema,
  type contractDashboardSchema,
  type contractOrderDetailSchema,
  type contractOrderPageSchema,
  type ContractOrderStatus,
  type ContractPayMethod,
  type contractProductListSchema,
  type contractProductSchema,
  type contractProfitPageSchema,
  type ContractProductBody,
  type PayFromBalanceBody,
} from '@hashpool/shared';
import { api } from '../../shell/api/client';
import type { Parsed } from '../../shell/api/parsed';

export type Product = Parsed<typeof contractProductSchema>;
export type ProductList = Parsed<typeof contractProductListSchema>;
export type OrderDetail = Parsed<typeof contractOrderDetailSchema>;
export type OrderPage = Parsed<typeof contractOrderPageSchema>;
export type Order = OrderPage['list'][number];
export type ProfitPage = Parsed<typeof contractProfitPageSchema>;
export type Dashboard = Parsed<typeof contractDashboardSchema>;
export type BankDetails = Parsed<typeof bankDetailsSchema>;
export type { ContractOrderStatus, ContractProductBody, PayFromBalanceBody };

export interface NewOrder {
  product_id: string;
  units: number;
  pay_method: ContractPayMethod;
  agree_terms: boolean;
}

type Options = { signal?: AbortSignal };
const enc = encodeURIComponent;
const page = (q: { page: number; page_size: number; status?: ContractOrderStatus | undefined }) => ({ page: q.page, page_size: q.page_size, ...(q.status ? { status: q.status } : {}) });

export const contractsApi = {
  products: (o?: Options) => api.get<ProductList>('/contracts/products', undefined, o),
  product: (id: string, o?: Options) => api.get<Product>(`/contracts/products/${enc(id)}`, undefined, o),
  // Silent: the order form shows a refusal (inventory, terms) beside its fields.
  order: (body: NewOrder, key: string) => api.post<OrderDetail>('/contracts/orders', { ...body }, { silent: true, headers: { [IDEMPOTENCY_HEADER]: key } }),
  orders: (q: { page: number; page_size: number; status?: ContractOrderStatus | undefined }, o?: Options) => api.get<OrderPage>('/contracts/orders', page(q), o),
  detail: (id: string, o?: Options) => api.get<OrderDetail>(`/contracts/orders/${enc(id)}`, undefined, o),
  upload: (id: string, file: File) => api.upload<OrderDetail>(`/contracts/orders/${enc(id)}/certificate`, file),
  cancel: (id: string) => api.post<OrderDetail>(`/contracts/orders/${enc(id)}/cancel`),
  // Moves the user's money: the pay password and the second factor go with it (PayFromBalanceBody).
  payBalance: (id: string, key: string, body: PayFromBalanceBody) => api.post<OrderDetail>(`/contracts/orders/${enc(id)}/pay-balance`, { ...body }, { silent: true, headers: { [IDEMPOTENCY_HEADER]: key } }),
  profits: (id: string, q: { page: number; page_size: number }, o?: Options) => api.get<ProfitPage>(`/contracts/orders/${enc(id)}/profits`, q, o),
  dashboard: (o?: Options) => api.get<Dashboard>('/contracts/dashboard', undefined, o),
  // Operators.
  adminProducts: (o?: Options) => api.get<ProductList>('/admin/contracts/products', undefined, o),
  // Silent, as the other operators' forms: the form dialog places the refusal (next to a field, or a toast).
  createProduct: (body: ContractProductBody) => api.post<Product>('/admin/contracts/products', { ...body }, { silent: true }),
  updateProduct: (id: string, body: ContractProductBody) => api.put<Product>(`/admin/contracts/products/${enc(id)}`, { ...body }, { silent: true }),
  adminOrders: (q: { page: number; page_size: number; status?: ContractOrderStatus | undefined }, o?: Options) => api.get<OrderPage>('/admin/contracts/orders', page(q), o),
  confirm: (id: string) => api.post<unknown>(`/admin/contracts/orders/${enc(id)}/confirm`),
  reject: (id: string, reason: string) => api.post<unknown>(`/admin/contracts/orders/${enc(id)}/reject`, { reason }, { silent: true }),
  bankDetails: (o?: Options) => api.get<BankDetails>('/admin/contracts/bank-details', undefined, o),
  setBankDetails: (body: BankDetails) => api.put<BankDetails>('/admin/contracts/bank-details', { ...body }),
};
