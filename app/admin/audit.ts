/** The audit log in Russian: what was done to what, and a link to it (client-safe). */
import { SECTIONS } from '#app/admin/sections.ts';

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  create: 'создал(а)',
  update: 'изменил(а)',
  delete: 'удалил(а)',
  restore: 'восстановил(а)',
  publish: 'опубликовал(а)',
  unpublish: 'снял(а) с публикации',
  move: 'переместил(а)',
  status: 'сменил(а) статус',
  login: 'вошёл(ла)',
  logout: 'вышел(ла)',
  disable: 'отключил(а)',
  enable: 'включил(а)',
  password: 'сменил(а) пароль',
  totp_enable: 'включил(а) двухфакторный вход для',
  totp_disable: 'выключил(а) двухфакторный вход для',
  totp_reset: 'сбросил(а) двухфакторный вход',
  recovery_codes: 'выпустил(а) новые коды восстановления для',
};

/** Entities outside the content sections, with their page when they have one. */
const OTHER_ENTITIES: Record<string, { label: string; path?: string }> = {
  bid: { label: 'заявку', path: 'bids' },
  staff_user: { label: 'сотрудника' },
  session: { label: 'сеанс' },
};

const ENTITIES: Record<string, { label: string; path?: string; singleton?: boolean }> = {
  ...Object.fromEntries(
    SECTIONS.map((section) => [
      section.entity,
      { label: section.auditLabel, path: section.key, singleton: section.singleton },
    ]),
  ),
  ...OTHER_ENTITIES,
};

export function auditEntityLabel(entity: string): string {
  return ENTITIES[entity]?.label ?? entity;
}

/** The page of the record an entry is about, or null (unknown entities, records without a page). */
export function auditLink(entity: string, id: number | null): string | null {
  const known = ENTITIES[entity];
  if (!known?.path) return null;
  if (known.singleton) return `/admin/${known.path}`;
  return id !== null ? `/admin/${known.path}/${id}` : null;
}
