/**
 * How staff pages name a weekly slot and a dated change (docs/product/staff.md): «Пн 07:30 Хатха-йога (Новикова)»,
 * «24 ноября, вт». Used by the week grid, the delete confirmation, flash messages and the audit log alike.
 */
import { dayAndMonth } from '#app/lib/format.ts';
import { hhmm, isoWeekday, WEEKDAY_SHORT } from '#app/lib/schedule.ts';

const PATRONYMIC = /(?:вич|ьич|вна|чна)$/u;

/** A coach's surname: «Юлия Дмитриевна Новикова» → «Новикова», «Лебедев Максим Олегович» → «Лебедев». */
export function surname(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  if (words.length === 3 && PATRONYMIC.test(words[2]!.toLowerCase())) return words[0]!;
  return words[words.length - 1]!;
}

export interface SlotNameParts {
  weekday: number;
  startTime: string;
  training: string;
  coach: string | null;
}

/**
 * `Пн 07:30 Хатха-йога (Новикова)`; without a coach, no brackets. With a date (a dated change of the slot):
 * `24 ноября, вт 07:30 Хатха-йога (Новикова)`.
 */
export function slotLabel(slot: SlotNameParts, date?: string): string {
  const day = date ? dayLabel(date) : (WEEKDAY_SHORT[slot.weekday - 1] ?? '');
  const coach = slot.coach ? ` (${surname(slot.coach)})` : '';
  return `${day} ${hhmm(slot.startTime)} ${slot.training}${coach}`.trim();
}

/** `2026-11-24` → `24 ноября, вт`. */
export function dayLabel(date: string): string {
  const dayMonth = dayAndMonth(date);
  return `${dayMonth}, ${(WEEKDAY_SHORT[isoWeekday(date) - 1] ?? '').toLowerCase()}`;
}
