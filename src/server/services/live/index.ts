import { createMediaProvider } from '../../providers/media/index.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import type { createAccountServices } from '../accounts/index.ts';
import type { ServiceDeps } from '../deps.ts';
import type { NotificationService } from '../notifications/notifications.ts';
import type { OpsServices } from '../ops/index.ts';
import type { WalletServices } from '../wallet/index.ts';
import { createRoomAccess } from './access.ts';
import { createAnchorService } from './anchors.ts';
import { createAuditService } from './audits.ts';
import { createChatService } from './chat.ts';
import { createRoomPublisher } from './events.ts';
import { createHistoryService } from './history.ts';
import { createHornService } from './horns.ts';
import { createMatchLookup, type MatchLookup } from './matches.ts';
import { createModerationService } from './moderation.ts';
import { createRankService } from './ranks.ts';
import { createRedPacketService } from './red-packets.ts';
import { createMatchRedPackets } from './match-red-packets.ts';
import { createReportService } from './reports.ts';
import { createRoomAdmin } from './room-admin.ts';
import { createRoomAuditService } from './room-audits.ts';
import { createRoomGiftService } from './room-gifts.ts';
import { createRoomNobilityService } from './room-nobility.ts';
import { createRoomService } from './rooms.ts';
import { createScheduleService } from './schedules.ts';
import { createSenders } from './senders.ts';
import { createWelcomeService } from './welcome.ts';

type AccountServices = ReturnType<typeof createAccountServices>;

/**
 * Live rooms (docs/live-rooms.md): rooms and lists, chat, moderation, anchor applications, and the
 * room's side of gifts, red packets, nobility and horns. Money moves only through `wallet.ledger`.
 */
export function createLiveServices(
  deps: ServiceDeps,
  parts: {
    storage: StorageProvider;
    accounts: AccountServices;
    wallet: WalletServices;
    ops: OpsServices;
    notices: NotificationService;
    matches?: MatchLookup;
    /** The sports feed's clock. */
    feedNow: () => number;
  },
) {
  const { db, kv, pubsub } = deps;
  const { storage, accounts, wallet, ops, notices } = parts;
  const media = createMediaProvider(deps.config.media, deps.appSecret);
  const matches = parts.matches ?? createMatchLookup(db);
  const access = createRoomAccess(db);
  const publish = createRoomPublisher(pubsub);
  const senders = createSenders({ db, nobility: wallet.nobility });
  const rooms = createRoomService({ db, access, matches, media });
  const roomAudits = createRoomAuditService({ db, publish, ops, notices, onListsChanged: rooms.invalidate });
  const roomAdmin = createRoomAdmin({
    db,
    access,
    media,
    matches,
    storage,
    publish,
    audits: roomAudits,
    ops,
    notices,
    onListsChanged: rooms.invalidate,
    feedNow: parts.feedNow,
  });
  const chat = createChatService({ db, kv, access, senders, rooms, matches, publish });
  const packetDeps = { db, ledger: wallet.ledger, access, senders, chat, publish };
  const matchPackets = createMatchRedPackets(packetDeps);
  const realNameVerified = async (userId: number) => (await accounts.realName.get(userId)).status === 1;
  return {
    media,
    matches,
    access,
    publish,
    senders,
    rooms,
    roomAdmin,
    chat,
    welcome: createWelcomeService({ db, kv, access, senders, rooms, matches, publish }),
    moderation: createModerationService({ db, access, publish }),
    audits: createAuditService({ db, realNameVerified, roomAdmin, ops, notices }),
    roomAudits,
    anchors: createAnchorService({ db, nobility: wallet.nobility }),
    ranks: createRankService(db),
    history: createHistoryService({ db, access, matches, media }),
    schedules: createScheduleService({ db, access, matches }),
    reports: createReportService({ db, access, storage }),
    gifts: createRoomGiftService({ kv, gifts: wallet.gifts, access, senders, chat, rooms, publish }),
    nobility: createRoomNobilityService({ nobility: wallet.nobility, access, senders, publish }),
    redPackets: createRedPacketService({ ...packetDeps, matchPackets }),
    matchPackets,
    horns: createHornService({ db, ledger: wallet.ledger, publish }),
  };
}

export type LiveServices = ReturnType<typeof createLiveServices>;
