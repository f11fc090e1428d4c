/**
 * Field kinds (app/admin/kinds/, ADR 50): the `email` kind, added through the kind contract alone, and the contract
 * the registry holds every kind to.
 */
import { describe, expect, it } from 'vitest';
import type { FieldDef } from '#app/admin/fields.ts';
import { kindOf } from '#app/admin/kinds/index.ts';
import { revisionText } from '#app/admin/revisions.ts';
import { gyms, SECTIONS } from '#app/admin/sections.ts';
import { parseValues, rawValues, rowToFormValues } from '#app/services/admin-form.server.ts';

const BAD_EMAIL = 'Введите адрес электронной почты, например info@example.ru';

function gymForm(email: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ name: 'Зал', address: 'ул. Ленина, 1', time_zone: 'Europe/Moscow' })) {
    form.append(name, value);
  }
  form.append('email', email);
  return parseValues(gyms, rawValues(gyms.fields, form), {});
}

describe('the email kind', () => {
  it('stores an address as typed, without the spaces around it, and nothing when left empty', () => {
    expect(gymForm('  club.centre@fit-club.ru ')).toMatchObject({
      errors: {},
      values: { email: 'club.centre@fit-club.ru' },
    });
    expect(gymForm('Администратор@клуб.рф')).toMatchObject({ errors: {}, values: { email: 'Администратор@клуб.рф' } });
    expect(gymForm('')).toMatchObject({ errors: {}, values: { email: '' } });
  });

  it.each([
    'info',
    'info@',
    '@example.ru',
    'info@example',
    'info@example.r',
    'info @example.ru',
    'info@@example.ru',
    'Клуб <info@example.ru>',
    'a@b.ru, c@d.ru',
  ])('refuses %j with a Russian message and keeps nothing of it', (email) => {
    const { errors, values } = gymForm(email);
    expect(errors).toEqual({ email: BAD_EMAIL });
    expect(values.email).toBeNull();
  });

  it('refuses an address longer than the column takes', () => {
    expect(gymForm(`${'a'.repeat(250)}@example.ru`).errors).toEqual({ email: 'Не длиннее 254 символов' });
  });

  it('is typed in an e-mail input, shown as text in lists and history', () => {
    const field = gyms.fields.find((candidate) => candidate.name === 'email')!;
    const kind = kindOf(field);
    expect(kind.control(field)).toEqual({ element: 'input', type: 'email', inputMode: 'email', maxLength: 254 });
    expect(kind.cell !== 'picture' && kind.cell.text(field, 'info@example.ru', {})).toBe('info@example.ru');
    expect(revisionText(field, 'info@example.ru', {})).toBe('info@example.ru');
    expect(revisionText(field, '', {})).toBe('—');
    expect(rowToFormValues([field], { email: 'info@example.ru' })).toEqual({ email: 'info@example.ru' });
  });
});

describe('the kind registry', () => {
  const fields: FieldDef[] = SECTIONS.flatMap((section) => [...section.fields]);

  it('gives every declared field a kind with a control, a list cell and a stored column type', () => {
    for (const field of fields) {
      const kind = kindOf(field);
      expect(kind, field.name).toBeDefined();
      expect(['input', 'textarea', 'select', 'checkbox', 'checkboxes', 'image']).toContain(kind.control(field).element);
      expect(kind.cell === 'picture' || typeof kind.cell.text === 'function').toBe(true);
      // Only a link list (a join table) has no column of its own.
      expect(kind.column === null).toBe('join' in field);
    }
  });

  it('reads back what it stored: a stored value shown in the form parses to the same value', () => {
    // Each kind once at least: text, a decimal, a phone, an e-mail, a time zone, integers with defaults, a checkbox.
    const gym = {
      name: 'Зал',
      booking_days_ahead: 14,
      address: 'ул. Ленина, 1',
      signup_close_minutes: 0,
      lat: '56.838000',
      cancel_hours: 2,
      lng: '60.597474',
      promotion_stop_hours: 3,
      phone: '+7 343 000-00-00',
      bookings_per_phone: 5,
      email: 'info@example.ru',
      reminder_hours: 3,
      opening_hours: 'Пн–Вс 7:00–23:00',
      cover_image_id: null,
      time_zone: 'Asia/Yekaterinburg',
      published: true,
      description: '',
    };
    const { values, errors } = parseValues(gyms, rowToFormValues(gyms.fields, gym), {});
    expect(errors).toEqual({});
    expect(values).toEqual({ ...gym, lat: '56.838' });
  });
});
