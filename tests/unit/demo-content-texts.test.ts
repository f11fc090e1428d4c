/**
 * The demo content agrees with itself (docs/demo-content.md): a coach's profile shows «Стаж N лет» computed from
 * `experience_since`, so a text that counts the years itself («за пятнадцать лет») goes wrong — it said fifteen
 * beside «Стаж 16 лет». Texts name the year a career began instead, and that year is the coach's.
 */
import { describe, expect, it } from 'vitest';
import { COACHES } from '#db/demo/content.ts';

/** «за пятнадцать лет», «двадцать лет в танце», «16 лет в профессии»: a running count of years, stale next year. */
const RUNNING_COUNT =
  /(?:^|[\s,(])(?:за\s+)?(?:\d+|[а-яё]+(?:надцать|дцать|сорок|десят|сот)[а-яё]*|два|три|пять|шесть|семь|восемь|девять|десять)\s+(?:лет|года?)\s+(?:в|на|с)\s/iu;
const COUNTED_SINCE = /(?:^|\s)за\s+[^\s.]+\s+(?:лет|года?)(?=[\s.,!?]|$)/iu;

describe('demo coaches', () => {
  for (const coach of COACHES) {
    it(`${coach.full_name}: the text does not count years that the profile counts`, () => {
      const text = `${coach.summary} ${coach.bio}`;
      expect(text).not.toMatch(RUNNING_COUNT);
      expect(text).not.toMatch(COUNTED_SINCE);
      for (const [, year] of text.matchAll(/с (\d{4}) года/gu)) expect(Number(year)).toBe(coach.experience_since);
    });
  }
});
