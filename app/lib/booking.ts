/**
 * The visitor's booking loop (docs/product/signups.md): a gym's booking rules, the moments they draw around a
 * session, and the words of the messages a visitor gets. Pure and shared by server and client.
 */
import { dateTimeFormat, dayAndMonth, plural } from '#app/lib/format.ts';
import { zonedTimeToUtc } from '#app/lib/ics.ts';

/** A gym's booking rules (its fields; the defaults are the migration's). */
export interface BookingRules {
  /** Sign-ups open this many days ahead (today counts as day 0). */
  bookingDaysAhead: number;
  /** Sign-ups close this many minutes before the start. */
  signupCloseMinutes: number;
  /** A visitor may cancel until this many hours before the start; later it is a late cancellation. */
  cancelHours: number;
  /** Nobody is moved up from the waiting list by itself inside this many hours before the start. */
  promotionStopHours: number;
  /** Future bookings (places and waiting lists) one phone may hold at this gym. */
  bookingsPerPhone: number;
  /** The reminder goes this many hours before the start; 0 = no reminder. */
  reminderHours: number;
}

export const DEFAULT_BOOKING_RULES: BookingRules = {
  bookingDaysAhead: 14,
  signupCloseMinutes: 0,
  cancelHours: 2,
  promotionStopHours: 3,
  bookingsPerPhone: 5,
  reminderHours: 3,
};

const HOUR_MS = 3_600_000;

/** The session's start as an instant (its date and time are the gym's wall clock). */
export function sessionStartsAt(date: string, start: string, timeZone: string): Date {
  return zonedTimeToUtc(date, start, timeZone);
}

/** The last day a sign-up can be for, counted from the gym's today. */
export function lastBookableDate(today: string, rules: Pick<BookingRules, 'bookingDaysAhead'>): string {
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + rules.bookingDaysAhead);
  return day.toISOString().slice(0, 10);
}

/** Whether a visitor's own cancellation now comes after the gym's deadline («поздняя отмена»). */
export function isLateCancel(startsAt: Date, rules: Pick<BookingRules, 'cancelHours'>, now = new Date()): boolean {
  return now.getTime() > startsAt.getTime() - rules.cancelHours * HOUR_MS;
}

/** Whether a freed place still goes to the waiting list by itself (outside the gym's cut-off). */
export function promotesAutomatically(
  startsAt: Date,
  rules: Pick<BookingRules, 'promotionStopHours'>,
  now = new Date(),
): boolean {
  return now.getTime() < startsAt.getTime() - rules.promotionStopHours * HOUR_MS;
}

/** When the reminder is due, or null (no reminder at this gym, or the moment has passed). */
export function reminderDueAt(
  startsAt: Date,
  rules: Pick<BookingRules, 'reminderHours'>,
  now = new Date(),
): Date | null {
  if (rules.reminderHours <= 0) return null;
  const due = new Date(startsAt.getTime() - rules.reminderHours * HOUR_MS);
  return due.getTime() > now.getTime() ? due : null;
}

/** `за 2 часа`, `за 1 час`, `за 30 минут`; `до начала` for zero. */
export function hoursBefore(hours: number): string {
  if (hours <= 0) return 'до начала';
  return `за ${hours} ${plural(hours, ['час', 'часа', 'часов'])} до начала`;
}

export function minutesBefore(minutes: number): string {
  if (minutes <= 0) return 'в момент начала';
  if (minutes % 60 === 0) return hoursBefore(minutes / 60);
  return `за ${minutes} ${plural(minutes, ['минуту', 'минуты', 'минут'])} до начала`;
}

/** The path of a sign-up's manage page. */
export function managePath(token: string): string {
  return `/b/${token}`;
}

/** A token as the manage link carries it: 22 base62 characters (128 bits). */
export const MANAGE_TOKEN_PATTERN = /^[0-9A-Za-z]{22}$/;

/** `+7 912 ***-**-67`: enough for a visitor to recognise their own number, too little for anyone else. */
export function maskPhone(phone: string): string {
  const match = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  if (match) return `+7 ${match[1]} ***-**-${match[4]}`;
  return phone.length > 4 ? `${phone.slice(0, 3)}${'*'.repeat(Math.max(0, phone.length - 5))}${phone.slice(-2)}` : '**';
}

// ---------------------------------------------------------------------------------------------------------------
// Messages

/** What a visitor is told about (docs/product/signups.md, "Messages"). */
export const MESSAGE_KINDS = ['booked', 'waiting', 'promoted', 'reminder', 'cancelled', 'changed'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const MESSAGE_KIND_LABEL: Record<MessageKind, string> = {
  booked: 'Запись подтверждена',
  waiting: 'Лист ожидания',
  promoted: 'Переведён на место',
  reminder: 'Напоминание',
  cancelled: 'Занятие отменено',
  changed: 'Занятие изменено',
};

/** What a message says about its session. */
export interface MessageSession {
  trainingTitle: string;
  date: string;
  start: string;
  gymName: string | null;
  room: string;
  coachName: string | null;
  /** The waiting list's place (1 = next), for `waiting`. */
  position?: number | null;
  /** For `changed`: what it was before. */
  previous?: { start?: string | null; coachName?: string | null } | null;
}

/** Two Cyrillic SMS segments (UCS-2, 67 characters each once split): the most a message may take. */
export const SMS_MAX_UNITS = 134;

/** How many SMS segments a text takes: GSM-7 when it is plain Latin, else UCS-2 (every Russian text). */
export function smsSegments(text: string): number {
  const gsm = /^[A-Za-z0-9 \n\r@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà]*$/.test(text);
  const units = text.length; // UTF-16 code units: what UCS-2 counts
  if (gsm) return units <= 160 ? 1 : Math.ceil(units / 153);
  return units <= 70 ? 1 : Math.ceil(units / 67);
}

/** `28.11`: the short date of an SMS. */
function shortDate(date: string): string {
  return `${date.slice(8, 10)}.${date.slice(5, 7)}`;
}

/** `28 ноября, сб`: the date of a letter. */
export function longDate(date: string): string {
  const weekday = dateTimeFormat('ru-RU', { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
  return `${dayAndMonth(date)}, ${weekday}`;
}

function cut(text: string, length: number): string {
  if (text.length <= length) return text;
  return `${text.slice(0, Math.max(1, length - 1)).trimEnd()}…`;
}

/** The session part of an SMS, its title cut to `titleLength` characters. */
function smsBody(
  kind: MessageKind,
  session: MessageSession,
  titleLength: number,
  withGym: boolean,
  withCoach = true,
): string {
  const title = cut(session.trainingTitle, titleLength);
  const when = `${shortDate(session.date)} в ${session.start}`;
  const gym = withGym && session.gymName ? `, ${cut(session.gymName, 30)}` : '';
  switch (kind) {
    case 'booked':
      return `Вы записаны: ${title}, ${when}${gym}.`;
    case 'waiting':
      return `Вы в листе ожидания${session.position ? ` (${session.position}-й)` : ''}: ${title}, ${when}${gym}.`;
    case 'promoted':
      return `Место освободилось, вы записаны: ${title}, ${when}${gym}.`;
    case 'reminder':
      return `Напоминаем: ${title}, ${when}${gym}.`;
    case 'cancelled':
      return `Занятие отменено: ${title}, ${when}. Извините!`;
    case 'changed': {
      const previous = session.previous ?? {};
      const parts: string[] = [];
      if (previous.start && previous.start !== session.start) parts.push(`начало в ${session.start}`);
      if (previous.coachName !== undefined && previous.coachName !== session.coachName) {
        parts.push(session.coachName && withCoach ? `ведёт ${cut(session.coachName, 24)}` : 'другой тренер');
      }
      return `Изменение: ${title}, ${shortDate(session.date)} — ${parts.join(', ') || `в ${session.start}`}.`;
    }
  }
}

const SMS_LINK_LABEL: Record<MessageKind, string> = {
  booked: 'Отменить',
  waiting: 'Запись',
  promoted: 'Отменить',
  reminder: 'Отменить',
  cancelled: 'Подробнее',
  changed: 'Подробнее',
};

/**
 * The SMS of a message: the session and the manage link, within two Cyrillic segments. The gym's name goes first,
 * then the training's title is shortened, so the link always fits whole.
 */
export function smsText(kind: MessageKind, session: MessageSession, link: string): string {
  const tail = ` ${SMS_LINK_LABEL[kind]}: ${link}`;
  for (const withGym of [true, false]) {
    const full = smsBody(kind, session, session.trainingTitle.length, withGym) + tail;
    if (full.length <= SMS_MAX_UNITS) return full;
  }
  // Then the title is shortened (to 8 characters at least), then a new coach's name gives way to «другой тренер».
  let text = '';
  for (const withCoach of [true, false]) {
    const fixed = smsBody(kind, session, 0, false, withCoach).length - 1 + tail.length;
    const room = Math.max(8, SMS_MAX_UNITS - fixed);
    text = smsBody(kind, session, room, false, withCoach) + tail;
    if (text.length <= SMS_MAX_UNITS) return text;
  }
  return text;
}

const MAIL_SUBJECT: Record<MessageKind, string> = {
  booked: 'Вы записаны',
  waiting: 'Вы в листе ожидания',
  promoted: 'Место освободилось — вы записаны',
  reminder: 'Напоминание о занятии',
  cancelled: 'Занятие отменено',
  changed: 'Занятие изменено',
};

/** The letter of a message: a subject and a plain text with every detail and the manage link. */
export function mailMessage(
  kind: MessageKind,
  session: MessageSession,
  visitorName: string,
  link: string,
  rules?: Pick<BookingRules, 'cancelHours'>,
): { subject: string; text: string } {
  const where = [session.gymName, session.room || null].filter(Boolean).join(', ');
  const lines = [
    `Здравствуйте, ${visitorName}!`,
    '',
    `${smsBody(kind, session, session.trainingTitle.length, false)}`,
    '',
    `Занятие: ${session.trainingTitle}`,
    `Когда: ${longDate(session.date)}, ${session.start}`,
  ];
  if (where) lines.push(`Где: ${where}`);
  if (session.coachName) lines.push(`Тренер: ${session.coachName}`);
  if (kind === 'waiting') {
    lines.push('', 'Если место освободится, оно перейдёт к вам автоматически, и мы сразу сообщим.');
  }
  lines.push('', `Ваша запись: ${link}`);
  if ((kind === 'booked' || kind === 'promoted' || kind === 'reminder') && rules) {
    lines.push(
      `Не получается прийти? Отмените запись по ссылке — место достанется другому (лучше ${hoursBefore(rules.cancelHours)}).`,
    );
  }
  return {
    subject: `${MAIL_SUBJECT[kind]}: ${session.trainingTitle}, ${shortDate(session.date)} ${session.start}`,
    text: lines.join('\n'),
  };
}
