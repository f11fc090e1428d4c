/**
 * The staff form of a dated schedule change (docs/product/signups.md, "Staff changes"): the date must be the slot's
 * weekday, and a change that tells booked people (a cancellation, another time or coach) asks to be confirmed with
 * the number of people who will get a message, before anything is saved.
 */
import type { FieldErrors } from '#app/admin/fields.ts';
import type { AnySection } from '#app/admin/section.ts';
import { countOf, formatDate } from '#app/lib/format.ts';
import { isIsoDate, isoWeekday, WEEKDAY_NAMES } from '#app/lib/schedule.ts';
import type { Row } from '#app/models/admin/content.server.ts';
import { type ChangeRow, sessionChangeImpact } from '#app/models/session-change.server.ts';
import type { Database } from '#db/index.ts';

const CHANGES_TABLE = 'schedule_changes';

/** «по пятницам»: the weekday's dative plural. */
const ON_WEEKDAYS = [
  'по понедельникам',
  'по вторникам',
  'по средам',
  'по четвергам',
  'по пятницам',
  'по субботам',
  'по воскресеньям',
];

/** Adds a Russian message when a dated change falls on a day its weekly slot does not run. */
export async function checkChangeWeekday(
  db: Database,
  section: AnySection,
  values: Record<string, unknown>,
  errors: FieldErrors,
) {
  if (section.table !== CHANGES_TABLE || errors.date || errors.slot_id) return;
  const slotId = Number(values.slot_id);
  const date = String(values.date ?? '');
  if (!Number.isInteger(slotId) || !isIsoDate(date)) return;
  const slot = await db.selectFrom('schedule_slots').select('weekday').where('id', '=', slotId).executeTakeFirst();
  if (!slot || slot.weekday === isoWeekday(date)) return;
  errors.date =
    `Это занятие проходит ${ON_WEEKDAYS[slot.weekday - 1]}, а ${formatDate(date)} — ` +
    `${WEEKDAY_NAMES[isoWeekday(date) - 1]!.toLowerCase()}. Выберите дату, когда занятие идёт.`;
}

/**
 * The confirmation a dated change needs before it is saved, or null: «Записаны 12, в листе ожидания 3: им будет
 * отправлено сообщение».
 */
export async function changeConfirmation(
  db: Database,
  section: AnySection,
  before: Row | null,
  values: Record<string, unknown>,
): Promise<string | null> {
  if (section.table !== CHANGES_TABLE) return null;
  const after = values as unknown as ChangeRow;
  const impact = await sessionChangeImpact(db, before as ChangeRow | null, {
    ...after,
    slot_id: Number(after.slot_id),
    date: String(after.date),
  });
  if (!impact.notifies || impact.booked + impact.waiting === 0) return null;
  const people = countOf(impact.booked + impact.waiting, ['человек', 'человека', 'человек']);
  return (
    `Записаны ${impact.booked}, в листе ожидания ${impact.waiting}: им будет отправлено сообщение (${people}). ` +
    'Проверьте изменение и подтвердите.'
  );
}
