import type { ServiceDeps } from '../deps.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import type { NotificationService } from '../notifications/notifications.ts';
import type { OpsServices } from '../ops/index.ts';
import { createBlockService } from './blocks.ts';
import { createConversationService } from './conversations.ts';
import { createDelivery } from './delivery.ts';
import { createServiceDesk } from './desk.ts';
import { createReadService } from './reads.ts';
import { createSendService } from './send.ts';

/** 私信 (docs/messages.md): conversations, sending, read receipts, blocks and the 客服 desk. */
export function createMessageServices(
  deps: ServiceDeps,
  parts: { storage: StorageProvider; notices: NotificationService; ops: OpsServices },
) {
  const { db, kv } = deps;
  const deliver = createDelivery(deps.pubsub);
  const conversations = createConversationService(db, kv);
  return {
    conversations,
    sender: createSendService({ db, kv, storage: parts.storage, conversations, deliver }),
    reads: createReadService({ db, conversations, deliver, notices: parts.notices }),
    blocks: createBlockService(db),
    desk: createServiceDesk({ db, storage: parts.storage, ops: parts.ops, deliver }),
  };
}

export type MessageServices = ReturnType<typeof createMessageServices>;
