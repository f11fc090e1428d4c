/** The booking loop's pure parts (docs/product/signups.md): the manage token, the rules' moments, the SMS settings. */
import { describe, expect, it } from 'vitest';
import { parseEnv, visitorChannelsOf } from '#app/infra/env.server.ts';
import {
  DEFAULT_BOOKING_RULES,
  isLateCancel,
  lastBookableDate,
  MANAGE_TOKEN_PATTERN,
  maskPhone,
  promotesAutomatically,
  reminderDueAt,
  sessionStartsAt,
  smsSegments,
} from '#app/lib/booking.ts';
import { buildCalendar } from '#app/lib/ics.ts';
import { notOpenText, signupClosed } from '#app/lib/signup.ts';
import { hashManageToken, issueManageLink, lookupHash, manageToken } from '#app/services/booking-link.server.ts';
import { configProblems } from '#tests/fixtures/env.ts';

const SECRET = 'x'.repeat(40);

describe('the manage link', () => {
  it('is 22 base62 characters (128 bits), derived from the stored nonce, looked up by its hash', () => {
    const links = Array.from({ length: 200 }, () => issueManageLink(SECRET));
    for (const link of links) {
      expect(link.token).toMatch(MANAGE_TOKEN_PATTERN);
      expect(manageToken(SECRET, link.nonce)).toBe(link.token);
      expect(link.tokenHash).toBe(hashManageToken(link.token));
      expect(link.nonce).toMatch(/^[0-9a-f]{32}$/);
      // Nothing stored is the token.
      expect(link.tokenHash).not.toContain(link.token);
    }
    expect(new Set(links.map((link) => link.token)).size).toBe(200);
    // Another server key opens nothing.
    expect(manageToken('y'.repeat(40), links[0]!.nonce)).not.toBe(links[0]!.token);
  });

  it('answers a malformed token like an unknown one (no lookup)', () => {
    for (const token of ['', 'short', `${'a'.repeat(22)}!`, 'a'.repeat(23), '../../etc/passwd', 'а'.repeat(22)]) {
      expect(lookupHash(token)).toBeNull();
    }
  });

  it('shows only the end of the phone', () => {
    expect(maskPhone('+79127000001')).toBe('+7 912 ***-**-01');
    expect(maskPhone('+4915112345678')).not.toContain('12345');
  });
});

describe('the rules of a gym', () => {
  const startsAt = sessionStartsAt('2026-12-18', '19:00', 'Asia/Yekaterinburg');

  it('places a session in its gym’s zone', () => {
    expect(startsAt.toISOString()).toBe('2026-12-18T14:00:00.000Z');
  });

  it('marks a cancellation late inside the deadline, stops promotion inside the cut-off, reminds before', () => {
    const at = (iso: string) => new Date(iso);
    expect(isLateCancel(startsAt, DEFAULT_BOOKING_RULES, at('2026-12-18T11:59:00Z'))).toBe(false);
    expect(isLateCancel(startsAt, DEFAULT_BOOKING_RULES, at('2026-12-18T12:01:00Z'))).toBe(true);
    expect(promotesAutomatically(startsAt, DEFAULT_BOOKING_RULES, at('2026-12-18T10:59:00Z'))).toBe(true);
    expect(promotesAutomatically(startsAt, DEFAULT_BOOKING_RULES, at('2026-12-18T11:01:00Z'))).toBe(false);
    expect(reminderDueAt(startsAt, DEFAULT_BOOKING_RULES, at('2026-12-17T00:00:00Z'))?.toISOString()).toBe(
      '2026-12-18T11:00:00.000Z',
    );
    expect(reminderDueAt(startsAt, DEFAULT_BOOKING_RULES, at('2026-12-18T12:00:00Z'))).toBeNull();
    expect(reminderDueAt(startsAt, { reminderHours: 0 }, at('2026-12-17T00:00:00Z'))).toBeNull();
  });

  it('refuses a date beyond the booking window like a past one, and a session closing soon', () => {
    const now = { date: '2026-12-01', time: '10:00' };
    const window = { lastDate: lastBookableDate('2026-12-01', { bookingDaysAhead: 14 }) };
    expect(window.lastDate).toBe('2026-12-15');
    expect(signupClosed({ date: '2026-12-15', start: '19:00', status: 'scheduled' }, now, window)).toBeNull();
    expect(signupClosed({ date: '2026-12-16', start: '19:00', status: 'scheduled' }, now, window)).toBe('not-open');
    expect(signupClosed({ date: '2026-12-01', start: '10:30', status: 'scheduled' }, now, { closeMinutes: 30 })).toBe(
      'closing',
    );
    expect(
      signupClosed({ date: '2026-12-01', start: '10:31', status: 'scheduled' }, now, { closeMinutes: 30 }),
    ).toBeNull();
    expect(notOpenText(14)).toBe(
      'Запись на это занятие ещё не открыта: записаться можно не раньше чем за 14 дней. Выберите занятие в расписании.',
    );
  });
});

describe('SMS', () => {
  it('counts Cyrillic in 70/67-character segments and plain Latin in 160/153', () => {
    expect(smsSegments('а'.repeat(70))).toBe(1);
    expect(smsSegments('а'.repeat(71))).toBe(2);
    expect(smsSegments('а'.repeat(134))).toBe(2);
    expect(smsSegments('а'.repeat(135))).toBe(3);
    expect(smsSegments('a'.repeat(160))).toBe(1);
  });

  it('settings: login and password together, with PUBLIC_URL; the API address defaults to smsc.ru', () => {
    expect(configProblems({ SMSC_LOGIN: 'club' })).toEqual([
      'SMS: SMSC_PASSWORD missing (set both, or neither for no SMS)',
    ]);
    expect(configProblems({ SMSC_LOGIN: 'club', SMSC_PASSWORD: 'p' })).toEqual([
      'PUBLIC_URL: required with SMSC_LOGIN (every SMS carries the link to the booking)',
    ]);
    expect(configProblems({ SMSC_SENDER: 'Atletika' })).toEqual([
      'SMSC_SENDER: set without SMSC_LOGIN (no SMS can be sent)',
    ]);
    expect(configProblems({ OUTBOX_RETRY_BASE_SECONDS: '0' })).toEqual([
      'OUTBOX_RETRY_BASE_SECONDS: must be at least 0.05 seconds',
    ]);
    const env = parseEnv({ SMSC_LOGIN: 'club', SMSC_PASSWORD: 'p', PUBLIC_URL: 'https://club.example' });
    expect(env.SMSC_URL).toBe('https://smsc.ru');
    expect(visitorChannelsOf(env)).toEqual({ sms: true, email: false });
    expect(visitorChannelsOf(parseEnv({}))).toEqual({ sms: false, email: false });
  });
});

describe('the booking’s calendar file', () => {
  it('marks a cancelled booking CANCELLED with its raised SEQUENCE', () => {
    const event = {
      uid: 'booking-7@club.example',
      start: new Date('2026-12-18T14:00:00Z'),
      end: new Date('2026-12-18T15:00:00Z'),
      summary: 'Хатха-йога',
    };
    const booked = buildCalendar({ name: 'x', timeZone: 'UTC', events: [{ ...event, sequence: 1 }] });
    const cancelled = buildCalendar({
      name: 'x',
      timeZone: 'UTC',
      events: [{ ...event, sequence: 2, cancelled: true }],
    });
    expect(booked).toContain('SEQUENCE:1\r\n');
    expect(booked).toContain('STATUS:CONFIRMED');
    expect(cancelled).toContain('SEQUENCE:2\r\n');
    expect(cancelled).toContain('STATUS:CANCELLED');
  });
});
