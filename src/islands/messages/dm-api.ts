import { api } from '../../lib/api/index.ts';
import type { DmConversation, DmKind, DmMessage, DmThreadPage } from '../../lib/dm/types.ts';

const JSON_BODY = { headers: { 'Content-Type': 'application/json' } };

/** The chat island's calls to /svc/message (docs/messages.md). */
export const dmApi = {
  conversations: async () => (await api.get<DmConversation[]>('/message/conversations')).data,
  openUser: async (userId: number) => (await api.post<DmConversation>('/message/open', { userId })).data,
  openService: async () => (await api.post<DmConversation>('/message/open', { service: 1 })).data,
  history: async (conversationId: number, beforeId?: number) =>
    (await api.get<DmThreadPage>('/message/history', { conversationId, beforeId })).data,
  send: async (conversationId: number, kind: DmKind, content: string) =>
    (await api.post<DmMessage>('/message/send', { conversationId, kind, content }, JSON_BODY)).data,
  read: async (conversationId: number) =>
    (await api.post<{ lastReadId: number }>('/message/read', { conversationId })).data,
  block: async (userId: number, blocked: boolean) =>
    (await api.post<{ blocked: boolean }>('/message/block', { userId, cancel: blocked ? 0 : 1 })).data,
  /** One picture through the shared upload service; the URL it returns is what an image message holds. */
  upload: async (dataUrl: string) =>
    (await api.post<string[]>('/user/common/multiUploadBase64', { files: [dataUrl] }, JSON_BODY)).data[0],
};
