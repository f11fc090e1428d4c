/** Facts about the club network that every layer may read (docs/product/gyms.md). */
export const SITE_NAME = 'Атлетика';

/**
 * A new gym's zone and the calendar of a site without gyms. Staff times use the club network's zone instead
 * (`CLUB_TIME_ZONE`, else the first gym's: docs/product/staff.md, "Times"); a gym's pages use that gym's zone.
 */
export const DEFAULT_TIME_ZONE = 'Europe/Moscow';

/**
 * A gym named in running text: a name that already says «Клуб» is used as it is («клуб на Малышева», «в клубе на
 * Малышева»), any other one gets the word in front (клуб «Атлетика Центр», в клубе «Атлетика Центр») — never
 * «Клуб «Клуб на Малышева»». `in` gives the form after «в»; `atStart` capitalises the phrase.
 */
export function gymPhrase(name: string, { atStart = false, in: after = false } = {}): string {
  const trimmed = name.trim();
  const word = after ? 'клубе' : 'клуб';
  const own = /^клуб(?=\s|$)/iu.exec(trimmed);
  const phrase = own ? `${word}${trimmed.slice(own[0].length)}` : `${word} «${trimmed}»`;
  return atStart ? phrase.charAt(0).toUpperCase() + phrase.slice(1) : phrase;
}

/** The active gym before a visitor has chosen one (when it is published). */
export const DEFAULT_GYM_ID = 1;
