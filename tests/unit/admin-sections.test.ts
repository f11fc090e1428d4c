import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import { auditEntityLabel, auditLink } from '#app/admin/audit.ts';
import { SECTION_CHECKS } from '#app/admin/checks.server.ts';
import { ADMIN_NAV, groupTabs } from '#app/admin/nav.ts';
import { type AnySection, defineSection } from '#app/admin/section.ts';
import { SECTIONS, sectionOfRoute, sectionRoutePaths } from '#app/admin/sections.ts';
import routes from '#app/routes.ts';

/** Every route of the configuration with its full pattern, as React Router reports it to a loader. */
function routePatterns(): Array<{ pattern: string; file: string }> {
  const found: Array<{ pattern: string; file: string }> = [];
  const walk = (entries: RouteConfigEntry[], prefix: string[]) => {
    for (const entry of entries) {
      const parts = entry.path ? [...prefix, entry.path] : prefix;
      found.push({ pattern: parts.join('/'), file: entry.file });
      if (entry.children) walk(entry.children, parts);
    }
  };
  walk(routes, []);
  return found;
}

describe('the content section registry', () => {
  it('mounts every section on the list, new, edit, delete and history pages, and each page finds its own section', () => {
    const content = routePatterns().filter(({ file }) => file.startsWith('routes/admin/content/'));
    expect(content).toHaveLength(SECTIONS.reduce((count, section) => count + sectionRoutePaths(section).length, 0));
    // The privacy policy is one page, `/admin/privacy`, with its history and no list.
    expect(content.filter((route) => route.pattern.startsWith('admin/privacy')).map((route) => route.pattern)).toEqual([
      'admin/privacy',
      'admin/privacy/history',
      'admin/privacy/history/:revisionId',
    ]);
    for (const section of SECTIONS) {
      for (const { path } of sectionRoutePaths(section)) {
        expect(content.map((route) => route.pattern)).toContain(`admin/${path}`);
        expect(sectionOfRoute(`admin/${path}`)).toBe(section);
        expect(sectionOfRoute(`/admin/${path}`)).toBe(section);
      }
    }
    expect(sectionOfRoute('admin/trainings/trends/:id/delete').key).toBe('trainings/trends');
    expect(sectionOfRoute('admin/trainings/:id').key).toBe('trainings');
    expect(sectionOfRoute('admin/trainings/trends/:id/history/:revisionId').key).toBe('trainings/trends');
    expect(() => sectionOfRoute('admin/bids/:id')).toThrow();
  });

  it('gives a page-like section one edit page and no list', () => {
    const page: AnySection = { ...SECTIONS[0]!, key: 'policy', singleton: true };
    expect(sectionRoutePaths(page)).toEqual([
      { page: 'edit', path: 'policy' },
      { page: 'history', path: 'policy/history' },
      { page: 'revision', path: 'policy/history/:revisionId' },
    ]);
  });

  it('builds the staff navigation and the trainings tabs from the declarations', () => {
    expect(ADMIN_NAV.map((item) => [item.to, item.label])).toEqual([
      ['/admin/bids', 'Заявки'],
      ['/admin/report', 'Отчёт'],
      ['/admin/gyms', 'Залы'],
      ['/admin/cards', 'Клубные карты'],
      ['/admin/promos', 'Акции'],
      ['/admin/coaches', 'Тренеры'],
      ['/admin/gallery', 'Галерея'],
      ['/admin/partners', 'Партнёры'],
      ['/admin/trainings', 'Тренировки'],
      ['/admin/privacy', 'Политика'],
    ]);
    expect(groupTabs('trainings').map((tab) => tab.label)).toEqual([
      'Тренировки',
      'Направления',
      'Расписание',
      'Изменения расписания',
    ]);
  });

  it('names and links audit entries through the declarations', () => {
    expect(auditEntityLabel('trend')).toBe('направление');
    expect(auditLink('trend', 5)).toBe('/admin/trainings/trends/5');
    expect(auditLink('gallery_image', 2)).toBe('/admin/gallery/2');
    expect(auditEntityLabel('bid')).toBe('заявка');
    expect(auditLink('bid', 7)).toBe('/admin/bids/7');
    expect(auditLink('staff_user', 1)).toBeNull();
    expect(auditEntityLabel('something_new')).toBe('something_new');
  });

  it('keys every cross-field check by a registered section', () => {
    const keys = SECTIONS.map((section) => section.key);
    for (const key of Object.keys(SECTION_CHECKS)) expect(keys).toContain(key);
  });

  it('accepts a dated change that alters only the number of places, refuses one that alters nothing', () => {
    const check = SECTION_CHECKS['trainings/changes']!;
    const change = { kind: 'changed', coach_id: null, start_time: null };
    const placesOnly: Record<string, string> = {};
    check({ ...change, capacity: 4 }, placesOnly);
    expect(placesOnly).toEqual({});
    const nothing: Record<string, string> = {};
    check({ ...change, capacity: null }, nothing);
    expect(nothing.coach_id).toBe('Для замены укажите тренера, новое время или число мест');
  });

  it('has unique keys, entities and tables', () => {
    for (const property of ['key', 'entity', 'table'] as const) {
      const values = SECTIONS.map((section) => section[property]);
      expect(new Set(values).size, property).toBe(values.length);
    }
  });

  it('does not compile a misspelt column', () => {
    const section = defineSection({
      key: 'typo',
      table: 'partners',
      entity: 'typo',
      auditLabel: 'опечатку',
      title: 'Опечатка',
      newLabel: 'Добавить',
      labelColumn: 'name',
      // @ts-expect-error `nmae` is not a column of partners: `npm run typecheck` fails here if the check is lost.
      fields: [{ kind: 'text', name: 'nmae', label: 'Название' }],
      columns: [],
      search: [],
      filters: [],
      order: 'manual',
      publishable: false,
      versioned: false,
    });
    expect(section.table).toBe('partners');
  });
});
