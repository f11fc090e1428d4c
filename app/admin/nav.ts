/** Titles and navigation of the staff area (docs/product/staff.md), built from the section registry. */
import { SECTIONS, sectionGroup } from '#app/admin/sections.ts';

export const ADMIN_TITLE = 'Редактор контента';

/** `Заявки — Редактор контента`; the dashboard has the bare title. */
export function adminTitle(section?: string): string {
  return section ? `${section} — ${ADMIN_TITLE}` : ADMIN_TITLE;
}

/** A staff page's meta: its title and no indexing. */
export function staffPageMeta(section?: string) {
  return [{ title: adminTitle(section) }, { name: 'robots', content: 'noindex' }];
}

export interface NavItem {
  to: string;
  label: string;
}

/** The bid inbox first, then every content section that has a navigation entry, in registry order. */
export const ADMIN_NAV: readonly NavItem[] = [
  { to: '/admin/bids', label: 'Заявки' },
  { to: '/admin/report', label: 'Отчёт' },
  ...SECTIONS.flatMap((section) =>
    section.navLabel ? [{ to: `/admin/${section.key}`, label: section.navLabel }] : [],
  ),
];

/** The tabs of a section group (trainings: trainings, trends, slots, changes). */
export function groupTabs(groupKey: string): NavItem[] {
  return sectionGroup(groupKey).map((section) => ({ to: `/admin/${section.key}`, label: section.title }));
}
