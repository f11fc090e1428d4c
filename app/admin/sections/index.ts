/**
 * The registry of content sections, in navigation order. app/routes.ts builds each section's routes from it, and
 * a route module finds its section from the route it is mounted on (`sectionOfRoute`), never from the URL.
 */
import type { AnySection } from '#app/admin/section.ts';
import { cards } from '#app/admin/sections/cards.ts';
import { coaches } from '#app/admin/sections/coaches.ts';
import { gallery } from '#app/admin/sections/gallery.ts';
import { gyms } from '#app/admin/sections/gyms.ts';
import { partners } from '#app/admin/sections/partners.ts';
import { promos } from '#app/admin/sections/promos.ts';
import { scheduleChanges, slots, trainings, trends } from '#app/admin/sections/trainings.ts';

export const SECTIONS: readonly AnySection[] = [
  gyms,
  cards,
  promos,
  coaches,
  gallery,
  partners,
  trainings,
  trends,
  slots,
  scheduleChanges,
];

/** The URL prefix of the staff area, shared with app/routes.ts. */
export const ADMIN_PATH = 'admin';

export type SectionPage = 'list' | 'new' | 'edit' | 'delete';

/** The route paths of a section below /admin: a list with create, edit and delete pages, or one edit page. */
export function sectionRoutePaths(section: AnySection): Array<{ page: SectionPage; path: string }> {
  if (section.singleton) return [{ page: 'edit', path: section.key }];
  return [
    { page: 'list', path: section.key },
    { page: 'new', path: `${section.key}/new` },
    { page: 'edit', path: `${section.key}/:id` },
    { page: 'delete', path: `${section.key}/:id/delete` },
  ];
}

const byPattern = new Map<string, AnySection>(
  SECTIONS.flatMap((section) =>
    sectionRoutePaths(section).map(({ path }) => [`${ADMIN_PATH}/${path}`, section] as const),
  ),
);

/**
 * The section a content route is mounted on, from the route pattern React Router matched (`admin/gyms/:id`): the
 * route's own declaration, looked up exactly as app/routes.ts built it.
 */
export function sectionOfRoute(pattern: string): AnySection {
  const section = byPattern.get(pattern.replace(/^\/+/, ''));
  if (!section) throw new Error(`No content section is mounted on the route ${pattern}`);
  return section;
}

export function sectionByKey(key: string): AnySection | undefined {
  return SECTIONS.find((section) => section.key === key);
}

/** The sections of a tab group, in registry order. */
export function sectionGroup(groupKey: string): AnySection[] {
  return SECTIONS.filter((section) => section.group?.key === groupKey);
}
