// The support calls (paths as in apps/server support.routes.ts and content-admin.routes.ts): the
// caller's tickets, their attachments, the operators' queue, and the operators' content editor.
// Shapes are the shared zod schemas used as types only.
import type {
  AdminContentItem,
  AdminTicketDetail,
  adminTicketPageSchema,
  ContentItemBody,
  ContentKind,
  joinedCampaignListSchema,
  TicketAttachment,
  TicketDetail,
  ticketPageSchema,
  TicketStatus,
  TicketType,
} from '@hashpool/shared';
import { api, apiDownload } from '../../shell/api/client';
import type { Parsed } from '../../shell/api/parsed';

export type { AdminContentItem, AdminTicketDetail, ContentItemBody, ContentKind, TicketAttachment, TicketDetail, TicketStatus, TicketType };
export type TicketPage = Parsed<typeof ticketPageSchema>;
export type AdminTicketPage = Parsed<typeof adminTicketPageSchema>;
export type JoinedCampaigns = Parsed<typeof joinedCampaignListSchema>;
export type JoinedCampaign = JoinedCampaigns['list'][number];

type Options = { signal?: AbortSignal; silent?: boolean };

export interface NewTicket {
  title: string;
  content: string;
  type: TicketType;
  attachment_ids: string[];
}

export interface QueueFilter {
  status?: TicketStatus;
  type?: TicketType;
  assignee?: 'me' | 'none';
}

export const supportApi = {
  tickets: (page: number, pageSize: number, o?: Options) => api.get<TicketPage>('/tickets', { page, page_size: pageSize }, o),
  ticket: (id: number, o?: Options) => api.get<TicketDetail>(`/tickets/${id}`, undefined, o),
  // Silent: the form shows the refusal where it belongs (the upload list, the inputs).
  upload: (file: File) => api.upload<TicketAttachment>('/tickets/attachments', file, { silent: true }),
  open: (body: NewTicket) => api.post<TicketDetail>('/tickets', { ...body }, { silent: true }),
  reply: (id: number, content: string, attachmentIds: string[]) => api.post<TicketDetail>(`/tickets/${id}/replies`, { content, attachment_ids: attachmentIds }),
  close: (id: number) => api.post<TicketDetail>(`/tickets/${id}/close`),
  file: (id: number, fileId: string) => apiDownload(`/tickets/${id}/files/${fileId}`),

  queue: (filter: QueueFilter, page: number, pageSize: number, o?: Options) => api.get<AdminTicketPage>('/admin/tickets', { ...filter, page, page_size: pageSize }, o),
  adminTicket: (id: number, o?: Options) => api.get<AdminTicketDetail>(`/admin/tickets/${id}`, undefined, o),
  answer: (id: number, content: string, status: 'answered' | 'waiting_user') => api.post<AdminTicketDetail>(`/admin/tickets/${id}/answers`, { content, status }),
  note: (id: number, content: string) => api.post<AdminTicketDetail>(`/admin/tickets/${id}/notes`, { content }),
  assign: (id: number, assign: 'me' | 'none') => api.put<AdminTicketDetail>(`/admin/tickets/${id}/assignee`, { assign }),
  adminClose: (id: number) => api.post<AdminTicketDetail>(`/admin/tickets/${id}/close`),
  adminFile: (id: number, fileId: string) => apiDownload(`/admin/tickets/${id}/files/${fileId}`),

  content: (kind: ContentKind, o?: Options) => api.get<{ list: AdminContentItem[] }>(`/admin/content/${kind}`, undefined, o),
  saveContent: (kind: ContentKind, body: ContentItemBody, id?: number) =>
    id === undefined ? api.post<AdminContentItem>(`/admin/content/${kind}`, { ...body }, { silent: true }) : api.put<AdminContentItem>(`/admin/content/${kind}/${id}`, { ...body }, { silent: true }),
  joinCampaign: (slug: string) => api.post<{ slug: string; joined_at: string }>(`/campaigns/${encodeURIComponent(slug)}/join`),
  joinedCampaigns: (o?: Options) => api.get<JoinedCampaigns>('/user/campaigns', undefined, o),
  // Silent: the editor shows the refusal at the image.
  uploadImage: (file: File) => api.upload<{ id: string; preview_url: string }>('/admin/content/images', file, { silent: true }),
  deleteContent: (kind: ContentKind, id: number) => api.delete<{ id: number }>(`/admin/content/${kind}/${id}`),
};
