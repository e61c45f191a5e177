// TanStack Query hooks over the support calls, keyed by the session epoch.
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSessionEpoch } from '../../shell/session/session';
import { supportApi, type ContentKind, type QueueFilter } from './support.api';

export const TICKET_PAGE_SIZE = 10;

export const supportKeys = {
  all: (epoch: number) => ['support', epoch] as const,
  tickets: (epoch: number, page: number) => ['support', epoch, 'tickets', page] as const,
  ticket: (epoch: number, id: number) => ['support', epoch, 'ticket', id] as const,
  queue: (epoch: number, filter: QueueFilter, page: number) => ['support', epoch, 'queue', filter, page] as const,
  adminTicket: (epoch: number, id: number) => ['support', epoch, 'admin-ticket', id] as const,
  content: (epoch: number, kind: ContentKind) => ['support', epoch, 'content', kind] as const,
};

export function useTickets(page: number, enabled: boolean) {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: supportKeys.tickets(epoch, page), queryFn: ({ signal }) => supportApi.tickets(page, TICKET_PAGE_SIZE, { signal }), enabled, placeholderData: keepPreviousData });
}

export function useTicket(id: number | null) {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: supportKeys.ticket(epoch, id ?? 0), queryFn: ({ signal }) => supportApi.ticket(id!, { signal }), enabled: id !== null });
}

export function useQueue(filter: QueueFilter, page: number) {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: supportKeys.queue(epoch, filter, page), queryFn: ({ signal }) => supportApi.queue(filter, page, TICKET_PAGE_SIZE, { signal }), placeholderData: keepPreviousData, refetchInterval: 30_000 });
}

export function useAdminTicket(id: number | null) {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: supportKeys.adminTicket(epoch, id ?? 0), queryFn: ({ signal }) => supportApi.adminTicket(id!, { signal }), enabled: id !== null });
}

export function useContentItems(kind: ContentKind) {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: supportKeys.content(epoch, kind), queryFn: ({ signal }) => supportApi.content(kind, { signal }) });
}

/** Refreshes every support query after a change (a ticket's list and thread, the queue, the content lists). */
export function useSupportRefresh() {
  const queryClient = useQueryClient();
  const epoch = useSessionEpoch();
  return () => queryClient.invalidateQueries({ queryKey: supportKeys.all(epoch) });
}

/**
 * A change on a ticket from its page: busy while it runs, the support queries refreshed after it,
 * true when it went through (a refusal has been shown by the client).
 */
export function useTicketAction() {
  const refresh = useSupportRefresh();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    try {
      await action();
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
      void refresh();
    }
  };
  return { busy, run };
}
