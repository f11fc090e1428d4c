/** Russian names for audit entries (client-safe). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  create: 'создал(а)',
  update: 'изменил(а)',
  delete: 'удалил(а)',
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

export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  gym: 'зал',
  card: 'карту',
  promo: 'акцию',
  coach: 'тренера',
  gallery_image: 'фото галереи',
  partner: 'партнёра',
  training: 'тренировку',
  trend: 'направление',
  schedule_slot: 'занятие расписания',
  schedule_change: 'изменение расписания',
  bid: 'заявку',
  staff_user: 'сотрудника',
  session: 'сеанс',
};

const ENTITY_PATHS: Record<string, string> = {
  gym: 'gyms',
  card: 'cards',
  promo: 'promos',
  coach: 'coaches',
  gallery_image: 'gallery',
  partner: 'partners',
  training: 'trainings',
  trend: 'trainings/trends',
  schedule_slot: 'trainings/slots',
  schedule_change: 'trainings/changes',
  bid: 'bids',
};

export function auditLink(entity: string, id: number | null): string | null {
  const path = ENTITY_PATHS[entity];
  return path && id !== null ? `/admin/${path}/${id}` : null;
}
