/** The staff side of bids: the inbox (keyset pages over a million rows), a bid's page and status changes. */
import { type Expression, type SqlBool, sql, type UpdateObject } from 'kysely';
import { BID_KINDS, BID_STATUSES, BID_TRANSITIONS, REPEAT_PHONE_DAYS } from '#app/admin/bids.ts';
import { parseId } from '#app/lib/id.ts';
import { isIsoDate } from '#app/lib/schedule.ts';
import { searchTerm } from '#app/lib/text.ts';
import { recordAudit } from '#app/models/audit.server.ts';
import { lockBid } from '#app/models/bid.server.ts';
import type { Database } from '#db/index.ts';
import type { BidKind, BidStatus, DB } from '#db/schema.ts';

export const BIDS_PAGE_SIZE = 50;

export interface BidFilters {
  status: BidStatus | null;
  gymId: number | null;
  kind: BidKind | null;
  from: string | null;
  to: string | null;
  q: string;
  /** A session's sign-ups (docs/product/signups.md): its weekly slot and date. */
  slotId: number | null;
  sessionDate: string | null;
  /** The calendar of `from` and `to`: the club network's days (docs/product/staff.md, "Times"). */
  timeZone: string;
  /** The gyms whose bids this member may see (a manager's, services/access.server.ts); null: every bid. */
  scope?: number[] | null;
}

export function parseBidFilters(params: URLSearchParams, timeZone: string): BidFilters {
  const status = params.get('status');
  const kind = params.get('kind');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const sessionDate = params.get('date') ?? '';
  return {
    status: BID_STATUSES.includes(status as BidStatus) ? (status as BidStatus) : null,
    kind: BID_KINDS.includes(kind as BidKind) ? (kind as BidKind) : null,
    gymId: parseId(params.get('gym')),
    from: isIsoDate(from) ? from : null,
    to: isIsoDate(to) ? to : null,
    q: searchTerm(params.get('q'), 100),
    slotId: parseId(params.get('slot')),
    sessionDate: isIsoDate(sessionDate) ? sessionDate : null,
    timeZone,
  };
}

function filtered(db: Database, filters: BidFilters) {
  let query = db.selectFrom('bids');
  if (filters.status) query = query.where('bids.status', '=', filters.status);
  if (filters.kind) query = query.where('bids.kind', '=', filters.kind);
  if (filters.gymId !== null) query = query.where('bids.gym_id', '=', filters.gymId);
  if (filters.scope) {
    const scope = filters.scope;
    query = query.where((eb) => (scope.length ? eb('bids.gym_id', 'in', scope) : eb.val(false)));
  }
  if (filters.slotId !== null || filters.sessionDate !== null) query = query.where('bids.kind', '=', 'signup');
  if (filters.slotId !== null) query = query.where('bids.slot_id', '=', filters.slotId);
  if (filters.sessionDate !== null) query = query.where('bids.session_date', '=', filters.sessionDate);
  if (filters.from) {
    query = query.where(
      'bids.created_at',
      '>=',
      sql<Date>`(${filters.from}::date)::timestamp AT TIME ZONE ${filters.timeZone}`,
    );
  }
  if (filters.to) {
    query = query.where(
      'bids.created_at',
      '<',
      sql<Date>`(${filters.to}::date + 1)::timestamp AT TIME ZONE ${filters.timeZone}`,
    );
  }
  if (filters.q) {
    const digits = filters.q.replace(/\D/g, '');
    const phone = fullPhone(filters.q);
    if (phone) {
      // A whole number (the usual case: a caller on the line) is an index lookup.
      query = query.where('bids.phone', '=', phone);
    } else {
      const pattern = `%${filters.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      const looksLikePhone = /^[\d\s()+-]+$/.test(filters.q);
      query = query.where((eb) => {
        const conditions: Expression<SqlBool>[] = looksLikePhone ? [] : [eb('bids.name', 'ilike', pattern)];
        if (digits.length >= 4) conditions.push(eb('bids.phone', 'like', `%${digits}%`));
        return conditions.length ? eb.or(conditions) : eb.val(false);
      });
    }
  }
  return query;
}

/** `8 (999) 123-45-67`, `+7 999 123 45 67`, `79991234567` → `+79991234567`; anything else → null. */
export function fullPhone(input: string): string | null {
  if (!/^[\d\s()+-]+$/.test(input)) return null;
  const digits = input.replace(/\D/g, '');
  if (digits.length === 11 && (digits.startsWith('7') || digits.startsWith('8'))) return `+7${digits.slice(1)}`;
  if (digits.length === 10 && digits.startsWith('9')) return `+7${digits}`;
  if (input.trim().startsWith('+') && digits.length >= 11 && digits.length <= 15) return `+${digits}`;
  return null;
}

/** The bid's own texts, as the inbox and the CSV export both show them. */
const BID_TEXT_COLUMNS = [
  'bids.name',
  'bids.phone',
  'bids.kind',
  'bids.subject_title',
  'bids.status',
  'bids.comment',
  'bids.staff_note',
  'bids.source_page',
] as const;

const GYM_COLUMNS = ['gyms.name as gym_name', 'gyms.time_zone as gym_time_zone'] as const;

/** What the inbox list reads of a bid (the export reads the time and the tags in a cheaper form). */
const LIST_COLUMNS = [
  'bids.id',
  'bids.created_at',
  ...BID_TEXT_COLUMNS,
  'bids.utm',
  'bids.status_changed_at',
  'bids.slot_id',
  'bids.session_date',
  'bids.signup_state',
  ...GYM_COLUMNS,
] as const;

/**
 * Newest first, keyset-paginated: `after` is the id of the last bid shown, and the next page starts
 * strictly below its (created_at, id) — an index range scan however deep the page.
 */
export async function listBids(db: Database, filters: BidFilters, after: number | null, limit = BIDS_PAGE_SIZE) {
  let query = filtered(db, filters)
    .leftJoin('gyms', 'gyms.id', 'bids.gym_id')
    .select(LIST_COLUMNS)
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('bids as other')
            .select(sql`1`.as('one'))
            .whereRef('other.phone', '=', 'bids.phone')
            .whereRef('other.id', '!=', 'bids.id')
            .where(
              sql<SqlBool>`other.created_at BETWEEN bids.created_at - ${`${REPEAT_PHONE_DAYS} days`}::interval AND bids.created_at`,
            ),
        )
        .as('repeat_phone'),
    )
    // A sign-up whose session was cancelled: someone to call (docs/product/signups.md).
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('schedule_changes as ch')
            .select(sql`1`.as('one'))
            .whereRef('ch.slot_id', '=', 'bids.slot_id')
            .whereRef('ch.date', '=', 'bids.session_date')
            .where('ch.kind', '=', 'cancelled'),
        )
        .as('session_cancelled'),
    );
  if (after !== null) {
    query = query.where(
      sql<SqlBool>`(bids.created_at, bids.id) < (SELECT created_at, id FROM bids WHERE id = ${after})`,
    );
  }
  const rows = await query
    .orderBy('bids.created_at', 'desc')
    .orderBy('bids.id', 'desc')
    .limit(limit + 1)
    .execute();
  return { bids: rows.slice(0, limit), nextAfter: rows.length > limit ? rows[limit - 1]!.id : null };
}

/**
 * What a row of the CSV export shows, nothing more: every column read costs a million parses. The time comes as
 * epoch milliseconds (a float: no date parsing, no `Date` per row) and the UTM tags as JSON text, parsed only
 * where there are any.
 */
const EXPORT_COLUMNS = [
  'bids.id',
  sql<number>`(extract(epoch from bids.created_at) * 1000)::float8`.as('created_ms'),
  ...BID_TEXT_COLUMNS,
  sql<string>`bids.utm::text`.as('utm_json'),
  ...GYM_COLUMNS,
] as const;

/**
 * Every bid matching the filters, in keyset batches (newest first), for the streamed CSV export. The query for the
 * next batch is sent as soon as a batch arrives, so the database works while the caller writes the batch out: at
 * most two batches are in memory, and PGlite takes the same path (no server-side cursor needed).
 * Stopping the iteration (`return()`) sends no further queries.
 */
export async function* iterateBids(db: Database, filters: BidFilters, batchSize = 5000) {
  const fetchBatch = (after: number | null) => {
    let query = filtered(db, filters).leftJoin('gyms', 'gyms.id', 'bids.gym_id').select(EXPORT_COLUMNS);
    if (after !== null) {
      query = query.where(
        sql<SqlBool>`(bids.created_at, bids.id) < (SELECT created_at, id FROM bids WHERE id = ${after})`,
      );
    }
    return query.orderBy('bids.created_at', 'desc').orderBy('bids.id', 'desc').limit(batchSize).execute();
  };
  let pending: ReturnType<typeof fetchBatch> | null = fetchBatch(null);
  try {
    while (pending) {
      const rows: Awaited<ReturnType<typeof fetchBatch>> = await pending;
      pending = rows.length === batchSize ? fetchBatch(rows[rows.length - 1]!.id) : null;
      if (rows.length === 0) return;
      yield rows;
    }
  } finally {
    // A batch asked for but not taken (the client went away): let it settle quietly.
    pending?.catch(() => {});
  }
}

/** A bid with its history and the other bids of its phone (of `scope`'s gyms only, for a manager). */
export async function getBid(db: Database, id: number, scope: number[] | null = null) {
  const bid = await db
    .selectFrom('bids')
    .leftJoin('gyms', 'gyms.id', 'bids.gym_id')
    .leftJoin('staff_users', 'staff_users.id', 'bids.status_changed_by')
    .selectAll('bids')
    .select([
      'gyms.name as gym_name',
      'gyms.time_zone as gym_time_zone',
      'staff_users.name as changed_by_name',
      'staff_users.email as changed_by_email',
    ])
    .where('bids.id', '=', id)
    .executeTakeFirst();
  if (!bid) return null;
  const [events, samePhone] = await Promise.all([
    db
      .selectFrom('bid_events')
      .leftJoin('staff_users', 'staff_users.id', 'bid_events.staff_user_id')
      .select([
        'bid_events.id',
        'bid_events.from_status',
        'bid_events.to_status',
        'bid_events.note',
        'bid_events.created_at',
        'staff_users.name as staff_name',
        'staff_users.email as staff_email',
      ])
      .where('bid_events.bid_id', '=', id)
      .orderBy('bid_events.created_at')
      .orderBy('bid_events.id')
      .execute(),
    db
      .selectFrom('bids')
      .leftJoin('gyms', 'gyms.id', 'bids.gym_id')
      .select([
        'bids.id',
        'bids.created_at',
        'bids.kind',
        'bids.status',
        'bids.subject_title',
        'gyms.time_zone as gym_time_zone',
      ])
      .where('bids.phone', '=', bid.phone)
      .where('bids.id', '!=', id)
      .$if(scope !== null, (query) => query.where('bids.gym_id', 'in', [-1, ...scope!]))
      .where(
        sql<SqlBool>`bids.created_at BETWEEN ${new Date(bid.created_at)}::timestamptz - ${`${REPEAT_PHONE_DAYS} days`}::interval AND ${new Date(bid.created_at)}::timestamptz + ${`${REPEAT_PHONE_DAYS} days`}::interval`,
      )
      .orderBy('bids.created_at', 'desc')
      .limit(10)
      .execute(),
  ]);
  return { bid, events, samePhone };
}

/**
 * What every staff change of a bid leaves behind: a row of the bid's history (who, from and to which status, the
 * note) and an audit entry naming the changed fields. Runs inside the change's transaction.
 */
export async function recordBidChange(
  trx: Database,
  change: { bidId: number; staffUserId: number; from: BidStatus; to: BidStatus; note: string; fields: string[] },
): Promise<void> {
  await trx
    .insertInto('bid_events')
    .values({
      bid_id: change.bidId,
      staff_user_id: change.staffUserId,
      from_status: change.from,
      to_status: change.to,
      note: change.note,
    })
    .execute();
  await recordAudit(trx, {
    staffUserId: change.staffUserId,
    action: 'status',
    entity: 'bid',
    entityId: change.bidId,
    fields: change.fields,
  });
}

/**
 * A staff change of a bid: writes `set` with the version bumped and the time of the change, then records the change
 * (`recordBidChange`). Runs inside the change's transaction.
 */
export async function changeBid(
  trx: Database,
  set: UpdateObject<DB, 'bids'>,
  change: Parameters<typeof recordBidChange>[1],
): Promise<void> {
  await trx
    .updateTable('bids')
    .set({ ...set, version: sql`version + 1`, updated_at: sql`now()` })
    .where('id', '=', change.bidId)
    .execute();
  await recordBidChange(trx, change);
}

export type StatusChangeResult = 'ok' | 'conflict' | 'missing' | 'invalid';

/** Moves a bid along its workflow with a note; the history row records who and when. */
export async function changeBidStatus(
  db: Database,
  input: { id: number; version: number; to: BidStatus; note: string; staffUserId: number },
): Promise<StatusChangeResult> {
  return db.transaction().execute(async (trx) => {
    const bid = await lockBid(trx, input.id, ['status', 'version']);
    if (!bid) return 'missing';
    if (bid.version !== input.version) return 'conflict';
    if (!BID_TRANSITIONS[bid.status].includes(input.to)) return 'invalid';
    await changeBid(
      trx,
      {
        status: input.to,
        // A change without a note keeps the last one: an empty box means "nothing to add".
        staff_note: input.note ? input.note : sql<string | null>`staff_note`,
        status_changed_by: input.staffUserId,
        status_changed_at: sql`now()`,
      },
      {
        bidId: input.id,
        staffUserId: input.staffUserId,
        from: bid.status,
        to: input.to,
        note: input.note,
        fields: ['status', 'staff_note'],
      },
    );
    return 'ok';
  });
}

export async function listGymOptions(db: Database, scope: number[] | null = null) {
  return db
    .selectFrom('gyms')
    .select(['id', 'name'])
    .$if(scope !== null, (query) => query.where('id', 'in', scope!.length ? scope! : [-1]))
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}
