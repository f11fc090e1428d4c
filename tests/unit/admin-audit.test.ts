import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_CHOICES, AUDIT_ENTITY_CHOICES, describeAudit } from '#app/admin/audit.ts';
import { dayLabel, slotLabel, surname } from '#app/lib/slot-label.ts';

const entry = (overrides: Partial<Parameters<typeof describeAudit>[0]>) => ({
  action: 'update',
  entity: 'coach',
  entity_id: 5,
  fields: [] as string[],
  title: null,
  ...overrides,
});

describe('audit log lines', () => {
  it('names the item by its title and the changed fields by their form labels', () => {
    expect(describeAudit(entry({ title: 'Дмитрий Волков', fields: ['full_name', 'position', 'version'] }))).toEqual({
      action: 'изменение',
      item: 'тренер «Дмитрий Волков»',
      href: '/admin/coaches/5',
      details: 'имя и фамилия, должность',
    });
  });

  it('turns long labels into plain words', () => {
    const line = describeAudit(entry({ entity: 'card', title: 'Золотая', fields: ['price', 'gyms', 'features'] }));
    expect(line.details).toBe('цена, залы, что входит');
  });

  it('falls back to the number for entries written before titles were kept', () => {
    expect(describeAudit(entry({ action: 'publish', entity: 'promo', entity_id: 3 })).item).toBe('акция №3');
  });

  it('does not link deleted items', () => {
    const line = describeAudit(entry({ action: 'delete', entity: 'gym', entity_id: 2, title: 'Центр' }));
    expect(line).toMatchObject({ action: 'удаление', item: 'зал «Центр»', href: null });
  });

  it('words sign-ins without an item, with how the person signed in', () => {
    expect(describeAudit(entry({ action: 'login', entity: 'session', entity_id: null, fields: ['totp'] }))).toEqual({
      action: 'вход в редактор',
      item: null,
      href: null,
      details: 'с кодом из приложения',
    });
  });

  it('offers bids, staff and every section as filters, and no sign-ins among the kinds', () => {
    expect(AUDIT_ENTITY_CHOICES).toContainEqual({ value: 'bid', label: 'Заявки' });
    expect(AUDIT_ENTITY_CHOICES).toContainEqual({ value: 'coach', label: 'Тренеры' });
    expect(AUDIT_ACTION_CHOICES.map((choice) => choice.value)).not.toContain('login');
    expect(AUDIT_ACTION_CHOICES[0]).toEqual({ value: 'create', label: 'Создание' });
  });
});

describe('slot labels', () => {
  it('names a weekly slot by day, time, training and the coach surname', () => {
    expect(
      slotLabel({ weekday: 1, startTime: '07:30:00', training: 'Хатха-йога', coach: 'Юлия Дмитриевна Новикова' }),
    ).toBe('Пн 07:30 Хатха-йога (Новикова)');
    expect(slotLabel({ weekday: 7, startTime: '19:00', training: 'Бокс', coach: null })).toBe('Вс 19:00 Бокс');
  });

  it('names a dated change by its day', () => {
    expect(dayLabel('2026-11-24')).toBe('24 ноября, вт');
    expect(
      slotLabel({ weekday: 2, startTime: '07:30:00', training: 'Йога', coach: 'Дмитрий Волков' }, '2026-11-24'),
    ).toBe('24 ноября, вт 07:30 Йога (Волков)');
  });

  it('finds the surname whichever order the name is written in', () => {
    expect(surname('Лебедев Максим Олегович')).toBe('Лебедев');
    expect(surname('Анна Ковалёва')).toBe('Ковалёва');
    expect(surname('Анна')).toBe('Анна');
  });
});
