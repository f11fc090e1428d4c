/**
 * A session's roster (docs/product/report.md, "The roster"): who is booked, waiting or cancelled late, their
 * attendance marks, and people who came without a booking. Marks are written with the bid's history and the audit
 * log; a walk-in is stored as a sign-up (marked `walk_in`) under the slot's lock, like every change of places.
 */
import { sql } from 'kysely';
import { announceContentChange } from '#app/infra/content-cache.server.ts';
import { ATTENDANCE_LABELS } from '#app/lib/attendance.ts';
import { changeBid, recordBidChange } from '#app/models/admin/bids.server.ts';
import { lockSessionPlaces, SIGNUP_ENTITY, sessionSignups } from '#app/models/signup.server.ts';
import type { Database } from '#db/index.ts';
import type { Attendance } from '#db/schema.ts';

/** Every sign-up of a session with its mark, who set it, and whether it serves a trial bid. */
export async function listRoster(db: Database, slotId: number, date: string) {
  return sessionSignups(db, slotId, date)
    .leftJoin('staff_users as u', 'u.id', 'bids.attendance_marked_by')
    .select([
      'bids.id',
      'bids.name',
      'bids.phone',
      'bids.signup_state',
      'bids.late_cancel',
      'bids.cancelled_by',
      'bids.promoted_at',
      'bids.walk_in',
      'bids.trial_bid_id',
      'bids.attendance',
      'bids.attendance_marked_at',
      'u.name as marked_by_name',
      'u.email as marked_by_email',
    ])
    .orderBy('bids.id')
    .execute();
}

export type RosterRow = Awaited<ReturnType<typeof listRoster>>[number];

/**
 * Saves the roster's marks in one transaction: only sign-ups of this session holding a place, only those whose mark
 * changed (each change goes to the bid's history and the audit log). Returns how many changed.
 */
export async function saveAttendance(
  db: Database,
  input: { slotId: number; date: string; marks: ReadonlyMap<number, Attendance>; staffUserId: number },
): Promise<number> {
  if (input.marks.size === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const rows = await sessionSignups(trx, input.slotId, input.date)
      .select(['id', 'status', 'attendance'])
      .where('signup_state', '=', 'booked')
      .where('id', 'in', [...input.marks.keys()])
      .orderBy('id')
      .forUpdate()
      .execute();
    let changed = 0;
    for (const row of rows) {
      const mark = input.marks.get(row.id)!;
      if (row.attendance === mark) continue;
      await changeBid(
        trx,
        { attendance: mark, attendance_marked_at: sql`now()`, attendance_marked_by: input.staffUserId },
        {
          bidId: row.id,
          staffUserId: input.staffUserId,
          from: row.status,
          to: row.status,
          note: row.attendance
            ? `Посещение: ${ATTENDANCE_LABELS[row.attendance]} → ${ATTENDANCE_LABELS[mark]}`
            : `Посещение: ${ATTENDANCE_LABELS[mark]}`,
          fields: ['attendance'],
        },
      );
      changed += 1;
    }
    return changed;
  });
}

export type WalkInResult =
  | { outcome: 'added'; id: number }
  | { outcome: 'existing'; id: number }
  | { outcome: 'missing' };

/**
 * Adds someone who came without a booking: a sign-up marked «Пришёл» and `walk_in`, taken under the slot's lock like
 * every change of a session's places. Staff typed it at the desk: the consent record names that. A phone already on
 * this session's roster is not added twice.
 */
export async function addWalkIn(
  db: Database,
  input: {
    slotId: number;
    date: string;
    name: string;
    phone: string;
    subjectTitle: string;
    staffUserId: number;
  },
): Promise<WalkInResult> {
  return db.transaction().execute(async (trx) => {
    const places = await lockSessionPlaces(trx, input.slotId, input.date);
    if (!places) return { outcome: 'missing' } as const;
    const existing = await sessionSignups(trx, input.slotId, input.date)
      .select('id')
      .where('phone', '=', input.phone)
      .where('signup_state', '=', 'booked')
      .executeTakeFirst();
    if (existing) return { outcome: 'existing', id: existing.id } as const;
    const row = await trx
      .insertInto('bids')
      .values({
        name: input.name,
        phone: input.phone,
        gym_id: places.gymId,
        kind: 'signup',
        subject_title: input.subjectTitle,
        consent_at: new Date(),
        consent_version: WALK_IN_CONSENT,
        source_page: '',
        slot_id: input.slotId,
        session_date: input.date,
        signup_state: 'booked',
        walk_in: true,
        attendance: 'came',
        attendance_marked_at: new Date(),
        attendance_marked_by: input.staffUserId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordBidChange(trx, {
      bidId: row.id,
      staffUserId: input.staffUserId,
      from: 'new',
      to: 'new',
      note: 'Пришёл без записи: добавлен в список занятия',
      fields: ['attendance'],
    });
    // Public pages show places left: a walk-in on a session with a capacity takes one.
    if (places.capacity !== null) await announceContentChange(trx, SIGNUP_ENTITY);
    return { outcome: 'added', id: row.id } as const;
  });
}

/** The consent version of a walk-in: typed by staff at the desk, not sent through the site's form. */
export const WALK_IN_CONSENT = 'staff:walk-in';
