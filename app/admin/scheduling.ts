/** Words of scheduled changes (docs/product/scheduling.md), for the staff pages; client-safe. */
import type { ScheduledAction } from '#db/schema.ts';

export const SCHEDULED_ACTION_LABELS: Record<ScheduledAction, string> = {
  update: 'Новая версия',
  publish: 'Публикация',
  unpublish: 'Снятие с публикации',
};

/** The staff page of scheduled changes. */
export const SCHEDULED_PATH = '/admin/scheduled';
export const SCHEDULED_TITLE = 'Запланированные изменения';
