import type { Queryable } from '../db/database';

/** One tracking report (spec section 7), kept as the client sent it less what only the session may say. */
export async function recordTrackingEvent(
  q: Queryable,
  e: { eventId: number; pageId: number; verCode: string; accountUid: number | null; payload: Record<string, unknown>; now: number },
): Promise<void> {
  await q.query(
    `INSERT INTO tracking_events (event_id, page_id, ver_code, account_uid, payload, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [e.eventId, e.pageId, e.verCode, e.accountUid, JSON.stringify(e.payload), new Date(e.now)],
  );
}
