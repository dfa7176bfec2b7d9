import type { Sql } from '../../platform/db.ts';
import * as repo from './repo.ts';

/** Unread notes and answered-but-unread inquiries, for the context and the header. */
export const unreadCounts = (sql: Sql, userId: bigint) => repo.unreadCounts(sql, userId);
export const sendMessage = repo.insertMessage;
