/**
 * Times as staff read them (docs/product/staff.md, "Times"): a moment is written in the zone of the record's gym, or
 * in the club network's zone when the record has no gym, and the zone is named — «Екатеринбург, UTC+5» — whenever
 * the viewer's clock reads differently at that moment. Pure and deterministic, so the server's HTML and the
 * browser's first render write the same text (no hydration mismatch): zone names come from the table below, never
 * from the ICU data of the runtime (Chromium ships fewer zone names than Node and writes «Yekaterinburg»).
 */
import { formatDateTime } from '#app/lib/format.ts';
import { zoneOffsetMs } from '#app/lib/zoned-time.ts';

/** Every zone of Russia, west to east, by its Russian name. */
const RUSSIA: Readonly<Record<string, string>> = {
  'Europe/Kaliningrad': 'Калининград',
  'Europe/Moscow': 'Москва',
  'Europe/Simferopol': 'Симферополь',
  'Europe/Kirov': 'Киров',
  'Europe/Volgograd': 'Волгоград',
  'Europe/Astrakhan': 'Астрахань',
  'Europe/Saratov': 'Саратов',
  'Europe/Ulyanovsk': 'Ульяновск',
  'Europe/Samara': 'Самара',
  'Asia/Yekaterinburg': 'Екатеринбург',
  'Asia/Omsk': 'Омск',
  'Asia/Novosibirsk': 'Новосибирск',
  'Asia/Barnaul': 'Барнаул',
  'Asia/Tomsk': 'Томск',
  'Asia/Novokuznetsk': 'Новокузнецк',
  'Asia/Krasnoyarsk': 'Красноярск',
  'Asia/Irkutsk': 'Иркутск',
  'Asia/Chita': 'Чита',
  'Asia/Yakutsk': 'Якутск',
  'Asia/Khandyga': 'Хандыга',
  'Asia/Vladivostok': 'Владивосток',
  'Asia/Ust-Nera': 'Усть-Нера',
  'Asia/Magadan': 'Магадан',
  'Asia/Sakhalin': 'Южно-Сахалинск',
  'Asia/Srednekolymsk': 'Среднеколымск',
  'Asia/Kamchatka': 'Петропавловск-Камчатский',
  'Asia/Anadyr': 'Анадырь',
};

/**
 * Russian names of the zones a Russian club network meets: Russia's and the neighbours'. Others are named by their
 * city as written in the zone id (`America/New_York` → `New York`).
 */
const ZONE_NAMES: Readonly<Record<string, string>> = {
  ...RUSSIA,
  'Europe/Minsk': 'Минск',
  'Europe/Kyiv': 'Киев',
  'Europe/Kiev': 'Киев',
  'Europe/Riga': 'Рига',
  'Europe/Vilnius': 'Вильнюс',
  'Europe/Tallinn': 'Таллин',
  'Europe/Chisinau': 'Кишинёв',
  'Europe/Istanbul': 'Стамбул',
  'Europe/Berlin': 'Берлин',
  'Europe/London': 'Лондон',
  'Asia/Tbilisi': 'Тбилиси',
  'Asia/Yerevan': 'Ереван',
  'Asia/Baku': 'Баку',
  'Asia/Almaty': 'Алматы',
  'Asia/Qostanay': 'Костанай',
  'Asia/Aqtobe': 'Актобе',
  'Asia/Aqtau': 'Актау',
  'Asia/Atyrau': 'Атырау',
  'Asia/Oral': 'Уральск',
  'Asia/Qyzylorda': 'Кызылорда',
  'Asia/Tashkent': 'Ташкент',
  'Asia/Samarkand': 'Самарканд',
  'Asia/Bishkek': 'Бишкек',
  'Asia/Dushanbe': 'Душанбе',
  'Asia/Ashgabat': 'Ашхабад',
  'Asia/Ulaanbaatar': 'Улан-Батор',
  'Asia/Dubai': 'Дубай',
  UTC: 'UTC',
  'Etc/UTC': 'UTC',
};

let russianTimeZoneList: ReadonlyArray<{ value: string; label: string }> | null = null;

/**
 * The zones of Russia with their Russian names and offsets (`Екатеринбург, UTC+5`), for the gym form's suggestions.
 * Russia keeps no daylight saving time, so the offsets never change with the season. Worked out on first use, not
 * when the module loads: this module is in the browser code of every public page, which never shows the list.
 */
export function russianTimeZones(): ReadonlyArray<{ value: string; label: string }> {
  russianTimeZoneList ??= Object.keys(RUSSIA).map((zone) => ({
    value: zone,
    label: zoneLabel(zone, Date.UTC(2026, 0, 1)),
  }));
  return russianTimeZoneList;
}

/** The zone's place as people say it: `Asia/Yekaterinburg` → `Екатеринбург`. */
export function zoneName(timeZone: string): string {
  const known = ZONE_NAMES[timeZone];
  if (known) return known;
  return (timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ');
}

/** The offset from UTC at a moment, as a Russian reader writes it: `UTC+5`, `UTC+5:30`, `UTC-3`, `UTC+0`. */
export function utcOffsetText(timeZone: string, at: Date | string | number = Date.now()): string {
  const minutes = Math.round(zoneOffsetMs(timeZone, new Date(at).getTime()) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `UTC${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/** `Екатеринбург, UTC+5`: the zone's place and its offset at that moment. */
export function zoneLabel(timeZone: string, at: Date | string | number = Date.now()): string {
  const name = zoneName(timeZone);
  return name === 'UTC' ? utcOffsetText(timeZone, at) : `${name}, ${utcOffsetText(timeZone, at)}`;
}

/** True when a clock in `zone` and one in `viewerZone` read the same at that moment (Киров and Москва do). */
export function sameClock(zone: string, viewerZone: string | null, at: Date | string | number): boolean {
  if (viewerZone === null) return false;
  if (zone === viewerZone) return true;
  const ms = new Date(at).getTime();
  return zoneOffsetMs(zone, ms) === zoneOffsetMs(viewerZone, ms);
}

/**
 * Whose clock staff pages read: `network` is the club network's zone (the `CLUB_TIME_ZONE` setting, else the first
 * gym's), `viewer` the zone of the person's browser when it is known (the `tz` cookie the staff area sets; null
 * without JavaScript, and then every time is labelled).
 */
export interface StaffClock {
  network: string;
  viewer: string | null;
}

export interface StaffTime {
  /** `2026-11-27T03:33:00.000Z`, for `<time dateTime>`. */
  iso: string;
  /** `27 нояб. 2026 г., 08:33`. */
  text: string;
  /** `Екатеринбург, UTC+5` when the viewer's clock reads differently, else null. */
  zone: string | null;
}

/** A moment for a staff page: in `timeZone` (the record's gym's, else the network's), labelled when it differs. */
export function staffTime(value: Date | string | number, timeZone: string, viewer: string | null): StaffTime {
  const date = new Date(value);
  return {
    iso: date.toISOString(),
    text: formatDateTime(date, timeZone),
    zone: sameClock(timeZone, viewer, date) ? null : zoneLabel(timeZone, date),
  };
}

/** The same as one line, for texts built on the server (flash messages): `27 нояб. 2026 г., 08:33 (Екатеринбург, UTC+5)`. */
export function staffTimeText(value: Date | string | number, timeZone: string, viewer: string | null): string {
  const time = staffTime(value, timeZone, viewer);
  return time.zone ? `${time.text} (${time.zone})` : time.text;
}

/** The cookie in which the staff area's browser code leaves the viewer's zone for the server's next render. */
export const VIEWER_ZONE_COOKIE = 'tz';

/** A usable IANA zone name (what Intl accepts), so a forged cookie or a typo never reaches a formatter. */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64 || !(value.includes('/') || value === 'UTC')) return false;
  try {
    new Intl.DateTimeFormat('ru-RU', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
