import type { TrainingLevel } from '#db/schema.ts';

/** Russian names of training levels: новичок / средний / продвинутый / любой. */
export const LEVEL_LABELS: Record<TrainingLevel, string> = {
  beginner: 'Новичок',
  intermediate: 'Средний',
  advanced: 'Продвинутый',
  any: 'Любой уровень',
};

export function levelLabel(level: string): string {
  return LEVEL_LABELS[level as TrainingLevel] ?? '';
}
