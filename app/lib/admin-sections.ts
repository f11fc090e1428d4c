/** Navigation of the staff area (SPEC §5); shared by the layout, the dashboard and the route tests. */
export const ADMIN_TITLE = 'Редактор контента';

/** `Заявки — Редактор контента`; the dashboard has the bare title (SPEC §5). */
export function adminTitle(section?: string): string {
  return section ? `${section} — ${ADMIN_TITLE}` : ADMIN_TITLE;
}

export const ADMIN_NAV = [
  { to: '/admin/bids', label: 'Заявки' },
  { to: '/admin/gyms', label: 'Залы' },
  { to: '/admin/cards', label: 'Клубные карты' },
  { to: '/admin/promos', label: 'Акции' },
  { to: '/admin/coaches', label: 'Тренеры' },
  { to: '/admin/gallery', label: 'Галерея' },
  { to: '/admin/partners', label: 'Партнёры' },
  { to: '/admin/trainings', label: 'Тренировки' },
] as const;
