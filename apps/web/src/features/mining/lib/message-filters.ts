// The message list's filters in the address (?type=miner_offline&unread=1&page=2), like the
// worker list's, so the header badge can link straight to the unread ones.
import { MESSAGE_TYPES, type MessageType } from '@hashpool/shared';

function isMessageType(type: string): type is MessageType {
  return (MESSAGE_TYPES as readonly string[]).includes(type);
}

export interface MessageFilters {
  type: MessageType | 'all';
  unread: boolean;
  page: number;
}

export function parseMessageFilters(params: URLSearchParams): MessageFilters {
  const type = params.get('type') ?? '';
  const page = Number(params.get('page'));
  return { type: isMessageType(type) ? type : 'all', unread: params.get('unread') === '1', page: Number.isInteger(page) && page > 1 ? page : 1 };
}

export function messageFiltersToParams(filters: MessageFilters): URLSearchParams {
  const out = new URLSearchParams();
  if (filters.type !== 'all') out.set('type', filters.type);
  if (filters.unread) out.set('unread', '1');
  if (filters.page > 1) out.set('page', String(filters.page));
  return out;
}
