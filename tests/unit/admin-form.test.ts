import { describe, expect, it } from 'vitest';
import { gyms, scheduleChanges, slots } from '#app/admin/sections.ts';
import { isHttpUrl } from '#app/lib/url.ts';
import { fullPhone } from '#app/models/admin/bids.server.ts';
import { defaultFormValues, parseValues, rawValues } from '#app/services/admin-form.server.ts';
import { itMaps } from '#tests/fixtures/table-tests.ts';

function form(entries: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) for (const item of [value].flat()) data.append(key, item);
  return data;
}

describe('admin form parsing', () => {
  it('gives Russian messages beside the fields', () => {
    const raw = rawValues(gyms.fields, form({ name: '', address: 'x', lat: '91', lng: '', time_zone: 'Mars/Base' }));
    const { errors } = parseValues(gyms, raw, {});
    expect(errors).toMatchObject({
      name: 'Заполните поле',
      lat: 'Число от -90 до 90',
      time_zone: 'Неизвестный часовой пояс: укажите его как Europe/Moscow',
    });
  });

  it('asks for both coordinates or none', () => {
    const raw = rawValues(
      gyms.fields,
      form({ name: 'Зал', address: 'x', lat: '56.8', lng: '', time_zone: 'Europe/Moscow' }),
    );
    expect(parseValues(gyms, raw, {}).errors).toEqual({ lng: 'Укажите обе координаты или ни одной' });
  });

  it('refuses select values that are not offered', () => {
    const raw = rawValues(
      slots.fields,
      form({ gym_id: '99', training_id: '1', weekday: '8', start_time: '25:00', duration_min: '45' }),
    );
    const { errors } = parseValues(slots, raw, {
      gyms: [{ value: '1', label: 'Зал' }],
      trainings: [{ value: '1', label: 'Йога' }],
    });
    expect(errors).toMatchObject({
      gym_id: 'Выберите значение из списка',
      weekday: 'Выберите значение из списка',
      start_time: 'Время в формате ЧЧ:ММ',
    });
  });

  it('refuses impossible dates by a round trip, not by a pattern', () => {
    const raw = rawValues(scheduleChanges.fields, form({ slot_id: '1', date: '2026-02-31', kind: 'cancelled' }));
    const options = { slots: [{ value: '1', label: 'Зал · Пн 07:00 · Йога' }] };
    expect(parseValues(scheduleChanges, raw, options).errors).toEqual({ date: 'Дата в формате ГГГГ-ММ-ДД' });
    raw.date = '0000-01-01';
    expect(parseValues(scheduleChanges, raw, options).errors).toEqual({ date: 'Дата в формате ГГГГ-ММ-ДД' });
    raw.date = '2028-02-29';
    expect(parseValues(scheduleChanges, raw, options)).toMatchObject({ errors: {}, values: { date: '2028-02-29' } });
  });

  it('takes defaults from the declared kinds: a new gym is in the network zone and starts unpublished', () => {
    expect(defaultFormValues(gyms.fields)).toMatchObject({ time_zone: 'Europe/Moscow', published: false, name: '' });
  });

  it('stores weekdays as numbers 1–7 and shows their names', () => {
    const raw = rawValues(
      slots.fields,
      form({ gym_id: '1', training_id: '1', weekday: '3', start_time: '07:15:00', duration_min: '45' }),
    );
    const { values, errors } = parseValues(slots, raw, {
      gyms: [{ value: '1', label: 'Зал' }],
      trainings: [{ value: '1', label: 'Йога' }],
    });
    expect(errors).toEqual({});
    expect(values).toMatchObject({ weekday: 3, start_time: '07:15', gym_id: 1, coach_id: null });
  });

  it('removes control characters (PostgreSQL refuses NUL) from text and line lists', () => {
    const raw = rawValues(gyms.fields, form({ name: 'Зал\u0000 №1', address: 'x', time_zone: 'Europe/Moscow' }));
    expect(parseValues(gyms, raw, {}).values.name).toBe('Зал №1');
  });

  it('accepts only http and https partner URLs', () => {
    expect(isHttpUrl('https://example.com')).toBe(true);
    expect(isHttpUrl('http://example.com/path')).toBe(true);
    for (const url of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      '//example.com',
      'ftp://x.y',
      ' ',
    ]) {
      expect(isHttpUrl(url), url).toBe(false);
    }
  });
});

itMaps('bid search by phone: a whole Russian number becomes E.164, whatever its spelling', fullPhone, [
  ['8 (999) 123-45-67', '+79991234567'],
  ['+7 999 123 45 67', '+79991234567'],
  ['9991234567', '+79991234567'],
  ['+49 30 1234567', '+49301234567'],
  ['1234', null],
  ['Анна', null],
]);
