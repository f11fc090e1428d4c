/**
 * The content sections of the staff area as data: one description per entity drives the shared list,
 * form, ordering, publishing and delete pages, so eight sections are not eight copies (issue 4, item 3).
 */
import type { FieldDef, FieldErrors, ListColumn, ListFilter } from '#app/lib/admin-fields.ts';

export type DbValue = string | number | boolean | null;
export type ParsedValues = Record<string, DbValue | number[]>;

export interface JoinDef {
  table: 'coach_trends' | 'coach_gyms' | 'card_gyms' | 'promo_gyms';
  self: string;
  other: string;
}

export interface SectionDef {
  /** URL path below /admin, e.g. `gyms` or `trainings/trends`. */
  key: string;
  /** Name used in the audit log and cache announcements. */
  entity: string;
  table: string;
  /** Section heading and document title. */
  title: string;
  newLabel: string;
  /** Column that names a record in messages. */
  labelColumn: string;
  fields: FieldDef[];
  columns: ListColumn[];
  searchColumns: string[];
  filters: ListFilter[];
  defaultSort: ReadonlyArray<readonly [string, 'asc' | 'desc']>;
  orderable: boolean;
  publishable: boolean;
  versioned: boolean;
  /** Sections shown as tabs of one page (trainings, trends, schedule, changes). */
  group?: 'trainings';
  joins?: Record<string, JoinDef>;
  /** Checks that span fields; adds Russian messages to `errors`. */
  validate?: (values: ParsedValues, errors: FieldErrors) => void;
}

const published: FieldDef = { type: 'checkbox', name: 'published', label: 'Опубликовано' };
const ORDERED = [['sort_order', 'asc'] as const, ['id', 'asc'] as const];

const LEVELS = [
  { value: 'any', label: 'Любой' },
  { value: 'beginner', label: 'Новичок' },
  { value: 'intermediate', label: 'Средний' },
  { value: 'advanced', label: 'Продвинутый' },
];

const WEEKDAY_OPTIONS = ['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница', 'Суббота', 'Воскресенье'].map(
  (label, i) => ({ value: String(i + 1), label }),
);

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('ru-RU', { timeZone: value });
    return value.includes('/') || value === 'UTC';
  } catch {
    return false;
  }
}

export const SECTIONS: SectionDef[] = [
  {
    key: 'gyms',
    entity: 'gym',
    table: 'gyms',
    title: 'Залы',
    newLabel: 'Добавить зал',
    labelColumn: 'name',
    fields: [
      { type: 'text', name: 'name', label: 'Название', required: true, maxLength: 200 },
      { type: 'text', name: 'address', label: 'Адрес', required: true, maxLength: 300 },
      {
        type: 'decimal',
        name: 'lat',
        label: 'Широта',
        min: -90,
        max: 90,
        step: '0.000001',
        hint: 'Например, 56.838011',
      },
      {
        type: 'decimal',
        name: 'lng',
        label: 'Долгота',
        min: -180,
        max: 180,
        step: '0.000001',
        hint: 'Например, 60.597474',
      },
      { type: 'text', name: 'phone', label: 'Телефон', maxLength: 40, inputType: 'tel' },
      { type: 'text', name: 'opening_hours', label: 'Часы работы', maxLength: 300, multiline: true },
      {
        type: 'text',
        name: 'time_zone',
        label: 'Часовой пояс',
        required: true,
        maxLength: 64,
        hint: 'Например, Europe/Moscow',
      },
      { type: 'text', name: 'description', label: 'Описание', maxLength: 5000, multiline: true },
      { type: 'image', name: 'cover_image_id', label: 'Обложка' },
      published,
    ],
    columns: [
      { key: 'cover_image_id', label: 'Фото', kind: 'image' },
      { key: 'name', label: 'Название', sortable: true },
      { key: 'address', label: 'Адрес', sortable: true },
      { key: 'published', label: 'Опубликовано', kind: 'boolean' },
    ],
    searchColumns: ['name', 'address', 'phone'],
    filters: [{ name: 'published', label: 'Публикация', kind: 'published' }],
    defaultSort: ORDERED,
    orderable: true,
    publishable: true,
    versioned: true,
    validate(values, errors) {
      if ((values.lat === null) !== (values.lng === null) && !errors.lat && !errors.lng) {
        errors[values.lat === null ? 'lat' : 'lng'] = 'Укажите обе координаты или ни одной';
      }
      if (typeof values.time_zone === 'string' && !errors.time_zone && !isTimeZone(values.time_zone)) {
        errors.time_zone = 'Неизвестный часовой пояс: укажите его как Europe/Moscow';
      }
      if (typeof values.phone === 'string' && values.phone && !/^[+\d\s()-]{5,40}$/.test(values.phone)) {
        errors.phone = 'Телефон может содержать только цифры, пробелы, скобки, дефис и +';
      }
    },
  },
  {
    key: 'cards',
    entity: 'card',
    table: 'cards',
    title: 'Клубные карты',
    newLabel: 'Добавить карту',
    labelColumn: 'title',
    fields: [
      { type: 'text', name: 'title', label: 'Название', required: true, maxLength: 200 },
      { type: 'text', name: 'description', label: 'Описание', maxLength: 5000, multiline: true },
      { type: 'integer', name: 'price', label: 'Цена, ₽', required: true, min: 0, max: 10_000_000, suffix: '₽' },
      { type: 'integer', name: 'validity_months', label: 'Срок, месяцев', min: 1, max: 120 },
      { type: 'integer', name: 'validity_visits', label: 'Число посещений', min: 1, max: 10_000 },
      { type: 'lines', name: 'features', label: 'Что входит (по одному пункту в строке)', maxItems: 30 },
      { type: 'multiselect', name: 'gyms', label: 'Залы (ничего не выбрано — все залы)', source: 'gyms' },
      { type: 'checkbox', name: 'highlighted', label: 'Выделить на сайте' },
      published,
    ],
    columns: [
      { key: 'title', label: 'Название', sortable: true },
      { key: 'price', label: 'Цена', kind: 'price', sortable: true },
      { key: 'published', label: 'Опубликовано', kind: 'boolean' },
    ],
    searchColumns: ['title', 'description'],
    filters: [{ name: 'published', label: 'Публикация', kind: 'published' }],
    defaultSort: ORDERED,
    orderable: true,
    publishable: true,
    versioned: true,
    joins: { gyms: { table: 'card_gyms', self: 'card_id', other: 'gym_id' } },
    validate(values, errors) {
      if (values.validity_months === null && values.validity_visits === null && !errors.validity_months) {
        errors.validity_months = 'Укажите срок в месяцах или число посещений';
      }
    },
  },
  {
    key: 'promos',
    entity: 'promo',
    table: 'promos',
    title: 'Акции',
    newLabel: 'Добавить акцию',
    labelColumn: 'title',
    fields: [
      { type: 'text', name: 'title', label: 'Название', required: true, maxLength: 200 },
      { type: 'text', name: 'text', label: 'Текст', maxLength: 5000, multiline: true },
      { type: 'image', name: 'image_id', label: 'Картинка' },
      { type: 'date', name: 'starts_on', label: 'Начало', required: true },
      { type: 'date', name: 'ends_on', label: 'Окончание (включительно)', required: true },
      { type: 'multiselect', name: 'gyms', label: 'Залы (ничего не выбрано — все залы)', source: 'gyms' },
      { type: 'select', name: 'card_id', label: 'Связанная карта', source: 'cards' },
      published,
    ],
    columns: [
      { key: 'image_id', label: 'Фото', kind: 'image' },
      { key: 'title', label: 'Название', sortable: true },
      { key: 'starts_on', label: 'Начало', kind: 'date', sortable: true },
      { key: 'ends_on', label: 'Окончание', kind: 'date', sortable: true },
      { key: 'published', label: 'Опубликовано', kind: 'boolean' },
    ],
    searchColumns: ['title', 'text'],
    filters: [{ name: 'published', label: 'Публикация', kind: 'published' }],
    defaultSort: ORDERED,
    orderable: true,
    publishable: true,
    versioned: true,
    joins: { gyms: { table: 'promo_gyms', self: 'promo_id', other: 'gym_id' } },
    validate(values, errors) {
      if (
        typeof values.starts_on === 'string' &&
        typeof values.ends_on === 'string' &&
        values.ends_on < values.starts_on
      ) {
        errors.ends_on = 'Окончание не может быть раньше начала';
      }
    },
  },
  {
    key: 'coaches',
    entity: 'coach',
    table: 'coaches',
    title: 'Тренеры',
    newLabel: 'Добавить тренера',
    labelColumn: 'full_name',
    fields: [
      { type: 'text', name: 'full_name', label: 'Имя и фамилия', required: true, maxLength: 200 },
      { type: 'image', name: 'photo_image_id', label: 'Фото' },
      { type: 'text', name: 'position', label: 'Должность', maxLength: 200 },
      { type: 'text', name: 'summary', label: 'Кратко', maxLength: 500, multiline: true },
      { type: 'text', name: 'bio', label: 'Подробно', maxLength: 10_000, multiline: true },
      { type: 'integer', name: 'experience_since', label: 'Стаж с (год)', min: 1950, max: new Date().getFullYear() },
      { type: 'lines', name: 'achievements', label: 'Достижения (по одному в строке)', maxItems: 30 },
      { type: 'multiselect', name: 'trends', label: 'Направления', source: 'trends' },
      { type: 'multiselect', name: 'gyms', label: 'Залы', source: 'gyms' },
      published,
    ],
    columns: [
      { key: 'photo_image_id', label: 'Фото', kind: 'image' },
      { key: 'full_name', label: 'Имя', sortable: true },
      { key: 'position', label: 'Должность', sortable: true },
      { key: 'published', label: 'Опубликовано', kind: 'boolean' },
    ],
    searchColumns: ['full_name', 'position', 'summary'],
    filters: [{ name: 'published', label: 'Публикация', kind: 'published' }],
    defaultSort: ORDERED,
    orderable: true,
    publishable: true,
    versioned: true,
    joins: {
      trends: { table: 'coach_trends', self: 'coach_id', other: 'trend_id' },
      gyms: { table: 'coach_gyms', self: 'coach_id', other: 'gym_id' },
    },
  },
  {
    key: 'gallery',
    entity: 'gallery_image',
    table: 'gallery_images',
    title: 'Галерея',
    newLabel: 'Добавить фото',
    labelColumn: 'alt',
    fields: [
      {
        type: 'image',
        name: 'image_id',
        label: 'Фотографии',
        required: true,
        multipleOnCreate: true,
        hint: 'Можно выбрать несколько файлов сразу',
      },
      {
        type: 'text',
        name: 'alt',
        label: 'Описание для незрячих (alt)',
        required: true,
        maxLength: 300,
        hint: 'Что изображено на фото',
      },
      { type: 'text', name: 'caption', label: 'Подпись', maxLength: 300 },
      { type: 'select', name: 'gym_id', label: 'Зал (пусто — все залы)', source: 'gyms' },
      published,
    ],
    columns: [
      { key: 'image_id', label: 'Фото', kind: 'image' },
      { key: 'alt', label: 'Описание', sortable: true },
      { key: 'gym_id', label: 'Зал', kind: 'option', source: 'gyms' },
      { key: 'published', label: 'Опубликовано', kind: 'boolean' },
    ],
    searchColumns: ['alt', 'caption'],
    filters: [
      { name: 'published', label: 'Публикация', kind: 'published' },
      { name: 'gym_id', label: 'Зал', kind: 'option', source: 'gyms', column: 'gym_id' },
    ],
    defaultSort: ORDERED,
    orderable: true,
    publishable: true,
    versioned: true,
  },
  {
    key: 'partners',
    entity: 'partner',
    table: 'partners',
    title: 'Партнёры',
    newLabel: 'Добавить партнёра',
    labelColumn: 'name',
    fields: [
      { type: 'text', name: 'name', label: 'Название', required: true, maxLength: 200 },
      { type: 'image', name: 'logo_image_id', label: 'Логотип' },
      { type: 'text', name: 'url', label: 'Сайт', required: true, maxLength: 500, inputType: 'url', hint: 'https://…' },
      { type: 'text', name: 'description', label: 'Описание', maxLength: 2000, multiline: true },
      published,
    ],
    columns: [
      { key: 'logo_image_id', label: 'Логотип', kind: 'image' },
      { key: 'name', label: 'Название', sortable: true },
      { key: 'url', label: 'Сайт' },
      { key: 'published', label: 'Опубликовано', kind: 'boolean' },
    ],
    searchColumns: ['name', 'url', 'description'],
    filters: [{ name: 'published', label: 'Публикация', kind: 'published' }],
    defaultSort: ORDERED,
    orderable: true,
    publishable: true,
    versioned: true,
    validate(values, errors) {
      if (typeof values.url === 'string' && !errors.url && !isHttpUrl(values.url)) {
        errors.url = 'Адрес сайта должен начинаться с http:// или https://';
      }
    },
  },
  {
    key: 'trainings',
    entity: 'training',
    table: 'trainings',
    title: 'Тренировки',
    newLabel: 'Добавить тренировку',
    labelColumn: 'title',
    group: 'trainings',
    fields: [
      { type: 'text', name: 'title', label: 'Название', required: true, maxLength: 200 },
      { type: 'select', name: 'trend_id', label: 'Направление', required: true, source: 'trends' },
      { type: 'select', name: 'level', label: 'Уровень', required: true, options: LEVELS },
      { type: 'integer', name: 'duration_min', label: 'Длительность, мин', required: true, min: 5, max: 600 },
      { type: 'text', name: 'description', label: 'Описание', maxLength: 10_000, multiline: true },
      { type: 'image', name: 'cover_image_id', label: 'Обложка' },
      published,
    ],
    columns: [
      { key: 'cover_image_id', label: 'Фото', kind: 'image' },
      { key: 'title', label: 'Название', sortable: true },
      { key: 'trend_id', label: 'Направление', kind: 'option', source: 'trends' },
      { key: 'published', label: 'Опубликовано', kind: 'boolean' },
    ],
    searchColumns: ['title', 'description'],
    filters: [
      { name: 'published', label: 'Публикация', kind: 'published' },
      { name: 'trend_id', label: 'Направление', kind: 'option', source: 'trends', column: 'trend_id' },
    ],
    defaultSort: ORDERED,
    orderable: true,
    publishable: true,
    versioned: true,
  },
  {
    key: 'trainings/trends',
    entity: 'trend',
    table: 'trends',
    title: 'Направления',
    newLabel: 'Добавить направление',
    labelColumn: 'title',
    group: 'trainings',
    fields: [
      { type: 'text', name: 'title', label: 'Название', required: true, maxLength: 200 },
      { type: 'text', name: 'summary', label: 'Кратко', maxLength: 500, multiline: true },
      { type: 'text', name: 'description', label: 'Подробно', maxLength: 10_000, multiline: true },
      { type: 'image', name: 'cover_image_id', label: 'Обложка' },
      published,
    ],
    columns: [
      { key: 'cover_image_id', label: 'Фото', kind: 'image' },
      { key: 'title', label: 'Название', sortable: true },
      { key: 'published', label: 'Опубликовано', kind: 'boolean' },
    ],
    searchColumns: ['title', 'summary'],
    filters: [{ name: 'published', label: 'Публикация', kind: 'published' }],
    defaultSort: ORDERED,
    orderable: true,
    publishable: true,
    versioned: true,
  },
  {
    key: 'trainings/slots',
    entity: 'schedule_slot',
    table: 'schedule_slots',
    title: 'Расписание',
    newLabel: 'Добавить занятие в расписание',
    labelColumn: 'start_time',
    group: 'trainings',
    fields: [
      { type: 'select', name: 'gym_id', label: 'Зал', required: true, source: 'gyms' },
      { type: 'select', name: 'training_id', label: 'Тренировка', required: true, source: 'trainings' },
      { type: 'select', name: 'coach_id', label: 'Тренер', source: 'coaches' },
      { type: 'select', name: 'weekday', label: 'День недели', required: true, options: WEEKDAY_OPTIONS },
      { type: 'time', name: 'start_time', label: 'Начало', required: true },
      { type: 'integer', name: 'duration_min', label: 'Длительность, мин', required: true, min: 5, max: 600 },
      { type: 'text', name: 'room', label: 'Зал/студия', maxLength: 100 },
      { type: 'integer', name: 'capacity', label: 'Мест', min: 1, max: 1000 },
    ],
    columns: [
      { key: 'gym_id', label: 'Зал', kind: 'option', source: 'gyms' },
      { key: 'weekday', label: 'День', sortable: true },
      { key: 'start_time', label: 'Начало', sortable: true },
      { key: 'training_id', label: 'Тренировка', kind: 'option', source: 'trainings' },
      { key: 'coach_id', label: 'Тренер', kind: 'option', source: 'coaches' },
    ],
    searchColumns: ['room'],
    filters: [
      { name: 'gym_id', label: 'Зал', kind: 'option', source: 'gyms', column: 'gym_id' },
      { name: 'training_id', label: 'Тренировка', kind: 'option', source: 'trainings', column: 'training_id' },
    ],
    defaultSort: [
      ['gym_id', 'asc'],
      ['weekday', 'asc'],
      ['start_time', 'asc'],
      ['id', 'asc'],
    ],
    orderable: false,
    publishable: false,
    versioned: true,
  },
  {
    key: 'trainings/changes',
    entity: 'schedule_change',
    table: 'schedule_changes',
    title: 'Изменения расписания',
    newLabel: 'Добавить изменение',
    labelColumn: 'date',
    group: 'trainings',
    fields: [
      { type: 'select', name: 'slot_id', label: 'Занятие', required: true, source: 'slots' },
      { type: 'date', name: 'date', label: 'Дата', required: true },
      {
        type: 'select',
        name: 'kind',
        label: 'Что случилось',
        required: true,
        options: [
          { value: 'cancelled', label: 'Отменено' },
          { value: 'changed', label: 'Замена тренера или времени' },
        ],
      },
      { type: 'select', name: 'coach_id', label: 'Тренер на замену', source: 'coaches' },
      { type: 'time', name: 'start_time', label: 'Новое время начала' },
      { type: 'text', name: 'note', label: 'Комментарий', maxLength: 500 },
    ],
    columns: [
      { key: 'date', label: 'Дата', kind: 'date', sortable: true },
      { key: 'slot_id', label: 'Занятие', kind: 'option', source: 'slots' },
      { key: 'kind', label: 'Что случилось' },
      { key: 'note', label: 'Комментарий' },
    ],
    searchColumns: ['note'],
    filters: [],
    defaultSort: [
      ['date', 'desc'],
      ['id', 'desc'],
    ],
    orderable: false,
    publishable: false,
    versioned: false,
    validate(values, errors) {
      if (values.kind === 'changed' && values.coach_id === null && values.start_time === null) {
        errors.coach_id = 'Для замены укажите тренера или новое время';
      }
    },
  },
];

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** The section of a staff URL: the longest key that prefixes the path below /admin/. */
export function sectionForPath(pathname: string): SectionDef {
  const rest = pathname.replace(/^\/admin\/?/, '').replace(/\/+$/, '');
  const found = [...SECTIONS]
    .sort((a, b) => b.key.length - a.key.length)
    .find((section) => rest === section.key || rest.startsWith(`${section.key}/`));
  if (!found) throw new Response(`Page not found: ${pathname}`, { status: 404 });
  return found;
}
