import { describe, expect, it } from 'vitest';
import { changedFields, revisionData, revisionText } from '#app/admin/revisions.ts';
import type { AnySection } from '#app/admin/section.ts';
import { coaches, gyms, slots } from '#app/admin/sections.ts';

const field = (section: AnySection, name: string) => section.fields.find((candidate) => candidate.name === name)!;

describe('content versions', () => {
  it('compares values as the form shows them, not as the database spells them', () => {
    const stored = revisionData(slots, { start_time: '09:00:00', duration_min: 60, room: '', capacity: null });
    const typed = revisionData(slots, { start_time: '09:00', duration_min: '60', room: null, capacity: '' });
    expect(changedFields(slots, stored, typed)).toEqual([]);
    const gym = revisionData(gyms, { lat: '56.838011', published: true });
    expect(changedFields(gyms, gym, revisionData(gyms, { lat: 56.838011, published: true }))).toEqual([]);
    const coach = revisionData(coaches, { achievements: '["Мастер спорта"]', trends: [3, 1] });
    expect(
      changedFields(coaches, coach, revisionData(coaches, { achievements: ['Мастер спорта'], trends: [1, 3] })),
    ).toEqual([]);
  });

  it('names the changed fields by their form labels, in form order', () => {
    const before = revisionData(coaches, { full_name: 'Анна', summary: 'Йога', published: true });
    const after = revisionData(coaches, { full_name: 'Анна К.', summary: 'Йога', published: false });
    expect(changedFields(coaches, before, after).map((changed) => changed.label)).toEqual([
      'Имя и фамилия',
      'Опубликовано',
    ]);
  });

  it('writes values in Russian, and a reference to a record that is gone as such', () => {
    const options = { trainings: [{ value: '2', label: 'Йога утром' }] };
    expect(revisionText(field(slots, 'training_id'), 2, options)).toBe('Йога утром');
    expect(revisionText(field(slots, 'training_id'), 5, options)).toBe('удалённая запись №5');
    expect(revisionText(field(slots, 'weekday'), 1, options)).toBe('Понедельник');
    expect(revisionText(field(slots, 'capacity'), null, options)).toBe('—');
    expect(revisionText(field(coaches, 'published'), true, {})).toBe('Да');
  });
});
