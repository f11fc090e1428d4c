import { describe, expect, it } from 'vitest';
import { MIN_FILL_MS } from '#app/lib/bid-form.ts';
import { parseBidForm } from '#app/lib/bid-schema.ts';
import { normalizePhone } from '#app/lib/phone.ts';
import { answeredBidToken, checkBidToken, issueBidToken, TOKEN_MAX_AGE_MS } from '#app/services/bid-token.server.ts';
import { itMaps } from '#tests/fixtures/table-tests.ts';

describe('phone normalisation', () => {
  itMaps('turns every spelling of a number into E.164', normalizePhone, [
    ['8 (912) 345-67-89', '+79123456789'],
    ['+7 912 345 67 89', '+79123456789'],
    ['89123456789', '+79123456789'],
    ['9123456789', '+79123456789'],
    ['+7 (343) 312-40-51', '+73433124051'],
    ['+49 30 901820', '+4930901820'],
    ['+375 29 123-45-67', '+375291234567'],
  ]);

  it.each([
    '',
    '12345',
    '+7 912',
    'позвоните мне',
    '8 912 345 67 89 доб 5',
    '+7 (912) 345-67-89-00-00',
    '1'.repeat(60),
  ])('refuses %j', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });
});

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

describe('the bid schema', () => {
  it('accepts a valid bid, trimming and normalising', () => {
    const result = parseBidForm(
      form({
        name: '  Мария  ',
        phone: '8 (912) 345-67-89',
        comment: ' вечером ',
        consent: 'on',
        kind: 'coach',
        subjectId: '3',
        gymId: '2',
      }),
    );
    expect(result).toEqual({
      success: true,
      data: {
        name: 'Мария',
        phone: '+79123456789',
        comment: 'вечером',
        consent: true,
        kind: 'coach',
        subjectId: 3,
        gymId: 2,
      },
    });
  });

  it('reports every field with a Russian message', () => {
    const result = parseBidForm(form({ name: ' ', phone: 'abc' }));
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.errors.name).toBe('Укажите, как к вам обращаться');
    expect(result.errors.phone).toMatch(/^Проверьте номер/);
    expect(result.errors.consent).toMatch(/^Без согласия/);
  });

  it('asks for the phone when it is empty, and limits lengths', () => {
    const result = parseBidForm(form({ name: 'x'.repeat(101), phone: '', comment: 'y'.repeat(1001), consent: 'on' }));
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.errors).toEqual({
      name: 'Имя не длиннее 100 символов',
      phone: 'Укажите телефон, мы перезвоним',
      comment: 'Комментарий не длиннее 1000 символов',
    });
  });

  it('drops control characters (PostgreSQL refuses NUL bytes)', () => {
    const result = parseBidForm(
      form({ name: '\u0000Анна\u0007', phone: '+79123456789', comment: 'a\u0000b\nc', consent: 'on' }),
    );
    expect(result).toMatchObject({ success: true, data: { name: 'Анна', comment: 'ab\nc' } });
    expect(parseBidForm(form({ name: '\u0000\u0001', phone: '+79123456789', consent: 'on' })).success).toBe(false);
  });

  it('falls back to a trial for an unknown kind and ignores bad ids', () => {
    const result = parseBidForm(
      form({ name: 'A', phone: '+79123456789', consent: 'on', kind: 'other', subjectId: '-5', gymId: 'x' }),
    );
    expect(result).toMatchObject({ success: true, data: { kind: 'trial', subjectId: null, gymId: null } });
  });
});

describe('the form token (minimum fill time)', () => {
  const secret = 'test-secret';
  it('accepts a token older than the minimum and younger than a day', () => {
    const token = issueBidToken(secret, 1_000_000);
    expect(checkBidToken(secret, token, 1_000_000 + MIN_FILL_MS)).toBe('ok');
    expect(checkBidToken(secret, token, 1_000_000 + MIN_FILL_MS - 1)).toBe('too-fast');
    // The BID_MIN_FILL_MS setting, when it is given.
    expect(checkBidToken(secret, token, 1_000_000 + 800, 800)).toBe('ok');
    expect(checkBidToken(secret, token, 1_000_000 + 799, 800)).toBe('too-fast');
    expect(checkBidToken(secret, token, 1_000_000 + TOKEN_MAX_AGE_MS + 1)).toBe('expired');
  });

  it('never refuses a form that came back with errors for speed, and keeps its first-shown time', () => {
    const shown = issueBidToken(secret, 1_000_000);
    // The first send came too early and had errors: the answer's token is sent again 100 ms later.
    const answered = answeredBidToken(secret, shown, 1_000_500);
    expect(answered.startsWith('1000000.')).toBe(true);
    expect(checkBidToken(secret, answered, 1_000_600)).toBe('ok');
    // The day limit still counts from the first showing.
    expect(checkBidToken(secret, answered, 1_000_000 + TOKEN_MAX_AGE_MS + 1)).toBe('expired');
  });

  it('answers a forged or day-old token with a new one instead of its time', () => {
    const now = 1_000_000 + TOKEN_MAX_AGE_MS + 10;
    const old = issueBidToken(secret, 1_000_000);
    expect(answeredBidToken(secret, old, now).startsWith(`${now}.`)).toBe(true);
    expect(answeredBidToken(secret, '5.forged', now).startsWith(`${now}.`)).toBe(true);
    expect(answeredBidToken(secret, undefined, now).startsWith(`${now}.`)).toBe(true);
  });

  it('refuses an answered mark added to a plain token', () => {
    const [issued, signature] = issueBidToken(secret, 1_000_000).split('.');
    expect(checkBidToken(secret, `${issued}.a.${signature}`, 1_000_100)).toBe('invalid');
    expect(checkBidToken(secret, `${issued}.b.${signature}`, 1_000_100)).toBe('invalid');
  });

  it('refuses forged, back-dated and malformed tokens', () => {
    const token = issueBidToken(secret, 1_000_000);
    const [, signature] = token.split('.');
    expect(checkBidToken(secret, `900000.${signature}`, 2_000_000)).toBe('invalid');
    expect(checkBidToken('other-secret', token, 2_000_000)).toBe('invalid');
    expect(checkBidToken(secret, 'garbage', 2_000_000)).toBe('invalid');
    expect(checkBidToken(secret, null, 2_000_000)).toBe('invalid');
  });
});
