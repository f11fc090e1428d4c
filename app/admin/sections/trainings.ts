import { defineSection } from '#app/admin/section.ts';

/** Trainings, their trends, the weekly slots and dated changes are one staff section shown as tabs. */
export const TRAININGS_GROUP = { key: 'trainings', label: 'Тренировки и расписание' };

const LEVELS = [
  { value: 'any', label: 'Любой' },
  { value: 'beginner', label: 'Новичок' },
  { value: 'intermediate', label: 'Средний' },
  { value: 'advanced', label: 'Продвинутый' },
];

export const trainings = defineSection({
  key: 'trainings',
  table: 'trainings',
  entity: 'training',
  auditLabel: 'тренировку',
  title: 'Тренировки',
  navLabel: 'Тренировки',
  group: TRAININGS_GROUP,
  newLabel: 'Добавить тренировку',
  labelColumn: 'title',
  fields: [
    { kind: 'text', name: 'title', label: 'Название', required: true, maxLength: 200 },
    { kind: 'reference', name: 'trend_id', label: 'Направление', required: true, source: 'trends' },
    { kind: 'choice', name: 'level', label: 'Уровень', required: true, options: LEVELS, default: 'any' },
    { kind: 'integer', name: 'duration_min', label: 'Длительность, мин', required: true, min: 5, max: 600 },
    { kind: 'text', name: 'description', label: 'Описание', maxLength: 10_000, multiline: true },
    { kind: 'image', name: 'cover_image_id', label: 'Обложка' },
    { kind: 'checkbox', name: 'published', label: 'Опубликовано', default: true },
  ],
  columns: [
    { column: 'cover_image_id', label: 'Фото' },
    { column: 'title', label: 'Название', sortable: true },
    { column: 'trend_id', label: 'Направление' },
    { column: 'published', label: 'Опубликовано' },
  ],
  search: ['title', 'description'],
  filters: [
    { kind: 'published', label: 'Публикация' },
    { kind: 'reference', field: 'trend_id', label: 'Направление' },
  ],
  order: 'manual',
  publishable: true,
  versioned: true,
});

export const trends = defineSection({
  key: 'trainings/trends',
  table: 'trends',
  entity: 'trend',
  auditLabel: 'направление',
  title: 'Направления',
  group: TRAININGS_GROUP,
  newLabel: 'Добавить направление',
  labelColumn: 'title',
  fields: [
    { kind: 'text', name: 'title', label: 'Название', required: true, maxLength: 200 },
    { kind: 'text', name: 'summary', label: 'Кратко', maxLength: 500, multiline: true },
    { kind: 'text', name: 'description', label: 'Подробно', maxLength: 10_000, multiline: true },
    { kind: 'image', name: 'cover_image_id', label: 'Обложка' },
    { kind: 'checkbox', name: 'published', label: 'Опубликовано', default: true },
  ],
  columns: [
    { column: 'cover_image_id', label: 'Фото' },
    { column: 'title', label: 'Название', sortable: true },
    { column: 'published', label: 'Опубликовано' },
  ],
  search: ['title', 'summary'],
  filters: [{ kind: 'published', label: 'Публикация' }],
  order: 'manual',
  publishable: true,
  versioned: true,
});

export const slots = defineSection({
  key: 'trainings/slots',
  table: 'schedule_slots',
  entity: 'schedule_slot',
  auditLabel: 'занятие расписания',
  title: 'Расписание',
  group: TRAININGS_GROUP,
  newLabel: 'Добавить занятие в расписание',
  labelColumn: 'start_time',
  fields: [
    { kind: 'reference', name: 'gym_id', label: 'Зал', required: true, source: 'gyms' },
    { kind: 'reference', name: 'training_id', label: 'Тренировка', required: true, source: 'trainings' },
    { kind: 'reference', name: 'coach_id', label: 'Тренер', source: 'coaches' },
    { kind: 'weekday', name: 'weekday', label: 'День недели', required: true },
    { kind: 'time', name: 'start_time', label: 'Начало', required: true },
    { kind: 'integer', name: 'duration_min', label: 'Длительность, мин', required: true, min: 5, max: 600 },
    { kind: 'text', name: 'room', label: 'Зал/студия', maxLength: 100 },
    { kind: 'integer', name: 'capacity', label: 'Мест', min: 1, max: 1000 },
  ],
  columns: [
    { column: 'gym_id', label: 'Зал' },
    { column: 'weekday', label: 'День', sortable: true },
    { column: 'start_time', label: 'Начало', sortable: true },
    { column: 'training_id', label: 'Тренировка' },
    { column: 'coach_id', label: 'Тренер' },
  ],
  search: ['room'],
  filters: [
    { kind: 'reference', field: 'gym_id', label: 'Зал' },
    { kind: 'reference', field: 'training_id', label: 'Тренировка' },
  ],
  order: [
    ['gym_id', 'asc'],
    ['weekday', 'asc'],
    ['start_time', 'asc'],
    ['id', 'asc'],
  ],
  publishable: false,
  versioned: true,
});

export const scheduleChanges = defineSection({
  key: 'trainings/changes',
  table: 'schedule_changes',
  entity: 'schedule_change',
  auditLabel: 'изменение расписания',
  title: 'Изменения расписания',
  group: TRAININGS_GROUP,
  newLabel: 'Добавить изменение',
  labelColumn: 'date',
  fields: [
    { kind: 'reference', name: 'slot_id', label: 'Занятие', required: true, source: 'slots' },
    { kind: 'date', name: 'date', label: 'Дата', required: true },
    {
      kind: 'choice',
      name: 'kind',
      label: 'Что случилось',
      required: true,
      options: [
        { value: 'cancelled', label: 'Отменено' },
        { value: 'changed', label: 'Замена тренера или времени', short: 'Замена' },
      ],
    },
    { kind: 'reference', name: 'coach_id', label: 'Тренер на замену', source: 'coaches' },
    { kind: 'time', name: 'start_time', label: 'Новое время начала' },
    { kind: 'text', name: 'note', label: 'Комментарий', maxLength: 500 },
  ],
  columns: [
    { column: 'date', label: 'Дата', sortable: true },
    { column: 'slot_id', label: 'Занятие' },
    { column: 'kind', label: 'Что случилось' },
    { column: 'note', label: 'Комментарий' },
  ],
  search: ['note'],
  filters: [],
  order: [
    ['date', 'desc'],
    ['id', 'desc'],
  ],
  publishable: false,
  versioned: false,
});
