import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { conversationMembers, directMessages, notifications, wallets } from '../../db/schema/index.ts';

/**
 * The figures of the header's personal part (HeaderMe.astro): the wallet balances of the account
 * menu and the unread private messages and notices of the badge. They are read in the same query
 * as the login (sessions.loginByToken), so /parts/me costs one query and is never stale: no cache
 * to drop on a ledger posting, a message or a notice (issue #34, docs/deployment.md).
 */
export interface HeaderFigures {
  balance: number;
  ticket: number;
  unreadMessages: number;
  unreadNotices: number;
}

/**
 * The figures as columns of a select whose row is the user `userId` (a column of the outer query).
 * The same counts as messages/views.ts unreadMessages and notifications.unread().all; the
 * figures' test compares them.
 */
export function headerFigureColumns(userId: AnyPgColumn): Record<keyof HeaderFigures, SQL<number>> {
  return {
    balance:
      sql<number>`coalesce((select ${wallets.balance} from ${wallets} where ${wallets.userId} = ${userId}), 0)`.mapWith(
        Number,
      ),
    ticket:
      sql<number>`coalesce((select ${wallets.ticket} from ${wallets} where ${wallets.userId} = ${userId}), 0)`.mapWith(
        Number,
      ),
    unreadMessages: sql<number>`(select count(*) from ${directMessages} inner join ${conversationMembers}
      on ${conversationMembers.conversationId} = ${directMessages.conversationId} and ${conversationMembers.userId} = ${userId}
      where ${directMessages.senderId} <> ${userId} and ${directMessages.id} > ${conversationMembers.lastReadId})`.mapWith(
      Number,
    ),
    unreadNotices: sql<number>`(select count(*) from ${notifications}
      where ${notifications.userId} = ${userId} and ${notifications.readAt} is null)`.mapWith(Number),
  };
}
