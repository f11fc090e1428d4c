/**
 * Every content section of the staff area, declared once, in navigation order. app/routes.ts builds each section's
 * pages from this list, and a page finds its section from the route it is mounted on (`sectionOfRoute`), never from
 * the URL. To add a section: one declaration below and the migration of its table (docs/architecture.md).
 */
import { type AnySection, defineSection } from '#app/admin/section.ts';
import { DEFAULT_TIME_ZONE } from '#app/lib/club.ts';
import { parseId } from '#app/lib/id.ts';

// Pieces most sections share: content that staff publish and put in order by hand.
const TITLE = { kind: 'text', name: 'title', label: 'Название', required: true, maxLength: 200 } as const;
const NAME = { kind: 'text', name: 'name', label: 'Название', required: true, maxLength: 200 } as const;
// A new record starts as a draft: staff preview it on its public page and publish it when it is ready.
const PUBLISHED = { kind: 'checkbox', name: 'published', label: 'Опубликовано', default: false } as const;
const PUBLISHED_COLUMN = { column: 'published', label: 'Опубликовано' } as const;
const PUBLISHED_FILTER = { kind: 'published', label: 'Публикация' } as const;
const ORDERED_BY_HAND = { order: 'manual', publishable: true, versioned: true } as const;
const multiline = <Name extends string>(name: Name, label: string, maxLength: number) =>
  ({ kind: 'text', name, label, maxLength, multiline: true }) as const;
const DURATION = {
  kind: 'integer',
  name: 'duration_min',
  label: 'Длительность, мин',
  required: true,
  min: 5,
  max: 600,
} as const;

/** Trainings, their trends, the weekly slots and dated changes are one staff section shown as tabs. */
const TRAININGS = { key: 'trainings', label: 'Тренировки и расписание' };

const LEVELS = [
  { value: 'any', label: 'Любой' },
  { value: 'beginner', label: 'Новичок' },
  { value: 'intermediate', label: 'Средний' },
  { value: 'advanced', label: 'Продвинутый' },
];

const CHANGE_KINDS = [
  { value: 'cancelled', label: 'Отменено' },
  { value: 'changed', label: 'Замена тренера, времени или числа мест', short: 'Замена' },
];

export const gyms = defineSection({
  key: 'gyms',
  table: 'gyms',
  entity: 'gym',
  auditLabel: 'зал',
  title: 'Залы',
  navLabel: 'Залы',
  newLabel: 'Добавить зал',
  labelColumn: 'name',
  fields: [
    NAME,
    { kind: 'text', name: 'address', label: 'Адрес', required: true, maxLength: 300 },
    { kind: 'decimal', name: 'lat', label: 'Широта', min: -90, max: 90, step: '0.000001', hint: 'Например, 56.838011' },
    {
      kind: 'decimal',
      name: 'lng',
      label: 'Долгота',
      min: -180,
      max: 180,
      step: '0.000001',
      hint: 'Например, 60.597474',
    },
    { kind: 'phone', name: 'phone', label: 'Телефон', maxLength: 40 },
    { kind: 'email', name: 'email', label: 'Электронная почта', maxLength: 254, hint: 'Например, club@example.ru' },
    multiline('opening_hours', 'Часы работы', 300),
    {
      kind: 'timeZone',
      name: 'time_zone',
      label: 'Часовой пояс',
      required: true,
      hint: `Название из базы часовых поясов, например Asia/Yekaterinburg (Екатеринбург, UTC+5) или ${DEFAULT_TIME_ZONE} (Москва, UTC+3)`,
    },
    multiline('description', 'Описание', 5000),
    { kind: 'image', name: 'cover_image_id', label: 'Обложка' },
    // Booking rules (docs/product/signups.md, "Rules of a gym"); the defaults are the migration's.
    {
      kind: 'integer',
      name: 'booking_days_ahead',
      label: 'Запись открывается за, дней',
      min: 1,
      max: 365,
      default: 14,
      hint: 'На сколько дней вперёд посетители могут записаться на занятие.',
    },
    {
      kind: 'integer',
      name: 'signup_close_minutes',
      label: 'Запись закрывается за, минут до начала',
      min: 0,
      max: 1440,
      default: 0,
      hint: '0 — запись открыта до начала занятия.',
    },
    {
      kind: 'integer',
      name: 'cancel_hours',
      label: 'Отменить без отметки можно за, часов',
      min: 0,
      max: 168,
      default: 2,
      hint: 'Позже отмена всё равно освобождает место, но помечается «поздняя отмена».',
    },
    {
      kind: 'integer',
      name: 'promotion_stop_hours',
      label: 'Лист ожидания двигается сам до, часов до начала',
      min: 0,
      max: 168,
      default: 3,
      hint: 'Ближе к началу освободившееся место никому не отдаётся само: администратор переводит вручную.',
    },
    {
      kind: 'integer',
      name: 'bookings_per_phone',
      label: 'Будущих записей на один телефон',
      min: 1,
      max: 100,
      default: 5,
    },
    {
      kind: 'integer',
      name: 'reminder_hours',
      label: 'Напоминание за, часов до начала',
      min: 0,
      max: 72,
      default: 3,
      hint: '0 — без напоминания.',
    },
    PUBLISHED,
  ],
  columns: [
    { column: 'cover_image_id', label: 'Фото' },
    { column: 'name', label: 'Название', sortable: true },
    { column: 'address', label: 'Адрес', sortable: true },
    PUBLISHED_COLUMN,
  ],
  search: ['name', 'address', 'phone', 'email'],
  filters: [PUBLISHED_FILTER],
  ...ORDERED_BY_HAND,
});

export const cards = defineSection({
  key: 'cards',
  table: 'cards',
  entity: 'card',
  auditLabel: 'карта',
  title: 'Клубные карты',
  navLabel: 'Клубные карты',
  newLabel: 'Добавить карту',
  labelColumn: 'title',
  fields: [
    TITLE,
    multiline('description', 'Описание', 5000),
    { kind: 'integer', name: 'price', label: 'Цена, ₽', required: true, min: 0, max: 10_000_000 },
    { kind: 'integer', name: 'validity_months', label: 'Срок, месяцев', min: 1, max: 120 },
    { kind: 'integer', name: 'validity_visits', label: 'Число посещений', min: 1, max: 10_000 },
    { kind: 'lines', name: 'features', label: 'Что входит (по одному пункту в строке)', maxItems: 30 },
    {
      kind: 'references',
      name: 'gyms',
      label: 'Залы (ничего не выбрано — все залы)',
      source: 'gyms',
      join: { table: 'card_gyms', self: 'card_id', other: 'gym_id' },
    },
    { kind: 'checkbox', name: 'highlighted', label: 'Выделить на сайте' },
    PUBLISHED,
  ],
  columns: [
    { column: 'title', label: 'Название', sortable: true },
    { column: 'price', label: 'Цена', format: 'price', sortable: true },
    PUBLISHED_COLUMN,
  ],
  search: ['title', 'description'],
  filters: [PUBLISHED_FILTER],
  ...ORDERED_BY_HAND,
});

export const promos = defineSection({
  key: 'promos',
  table: 'promos',
  entity: 'promo',
  auditLabel: 'акция',
  title: 'Акции',
  navLabel: 'Акции',
  newLabel: 'Добавить акцию',
  labelColumn: 'title',
  fields: [
    TITLE,
    multiline('text', 'Текст', 5000),
    { kind: 'image', name: 'image_id', label: 'Картинка' },
    { kind: 'date', name: 'starts_on', label: 'Начало', required: true },
    { kind: 'date', name: 'ends_on', label: 'Окончание (включительно)', required: true },
    {
      kind: 'references',
      name: 'gyms',
      label: 'Залы (ничего не выбрано — все залы)',
      source: 'gyms',
      join: { table: 'promo_gyms', self: 'promo_id', other: 'gym_id' },
    },
    { kind: 'reference', name: 'card_id', label: 'Связанная карта', source: 'cards' },
    PUBLISHED,
  ],
  columns: [
    { column: 'image_id', label: 'Фото' },
    { column: 'title', label: 'Название', sortable: true },
    {
      column: 'starts_on',
      label: 'Сроки',
      format: 'period',
      sortable: true,
      period: { until: 'ends_on', words: { planned: 'запланирована', running: 'идёт', ended: 'закончилась' } },
    },
    PUBLISHED_COLUMN,
  ],
  search: ['title', 'text'],
  filters: [PUBLISHED_FILTER],
  // Promos have no page of their own: the preview shows the promo at the top of the list.
  publicPath: '/promos?preview={id}#promo-{id}',
  ...ORDERED_BY_HAND,
});

export const coaches = defineSection({
  key: 'coaches',
  table: 'coaches',
  entity: 'coach',
  auditLabel: 'тренер',
  title: 'Тренеры',
  navLabel: 'Тренеры',
  newLabel: 'Добавить тренера',
  labelColumn: 'full_name',
  fields: [
    { kind: 'text', name: 'full_name', label: 'Имя и фамилия', required: true, maxLength: 200 },
    { kind: 'image', name: 'photo_image_id', label: 'Фото' },
    { kind: 'text', name: 'position', label: 'Должность', maxLength: 200 },
    multiline('summary', 'Кратко', 500),
    multiline('bio', 'Подробно', 10_000),
    { kind: 'integer', name: 'experience_since', label: 'Стаж с (год)', min: 1950, max: new Date().getFullYear() },
    { kind: 'lines', name: 'achievements', label: 'Достижения (по одному в строке)', maxItems: 30 },
    {
      kind: 'references',
      name: 'trends',
      label: 'Направления',
      source: 'trends',
      join: { table: 'coach_trends', self: 'coach_id', other: 'trend_id' },
    },
    {
      kind: 'references',
      name: 'gyms',
      label: 'Залы',
      source: 'gyms',
      join: { table: 'coach_gyms', self: 'coach_id', other: 'gym_id' },
    },
    PUBLISHED,
  ],
  columns: [
    { column: 'photo_image_id', label: 'Фото' },
    { column: 'full_name', label: 'Имя', sortable: true },
    { column: 'position', label: 'Должность', sortable: true },
    PUBLISHED_COLUMN,
  ],
  search: ['full_name', 'position', 'summary'],
  filters: [PUBLISHED_FILTER],
  publicPath: '/coaches/{id}',
  ...ORDERED_BY_HAND,
});

export const gallery = defineSection({
  key: 'gallery',
  table: 'gallery_images',
  entity: 'gallery_image',
  auditLabel: 'фото галереи',
  title: 'Галерея',
  navLabel: 'Галерея',
  newLabel: 'Добавить фото',
  labelColumn: 'alt',
  fields: [
    {
      kind: 'image',
      name: 'image_id',
      label: 'Фотографии',
      required: true,
      multipleOnCreate: true,
      describedBy: 'alt',
      hint: 'Можно выбрать несколько файлов сразу',
    },
    {
      kind: 'text',
      name: 'alt',
      label: 'Описание для незрячих (alt)',
      required: true,
      maxLength: 300,
      hint: 'Что изображено на фото',
    },
    { kind: 'text', name: 'caption', label: 'Подпись', maxLength: 300 },
    { kind: 'reference', name: 'gym_id', label: 'Зал (пусто — все залы)', source: 'gyms' },
    PUBLISHED,
  ],
  columns: [
    { column: 'image_id', label: 'Фото' },
    { column: 'alt', label: 'Описание', sortable: true },
    { column: 'gym_id', label: 'Зал' },
    PUBLISHED_COLUMN,
  ],
  search: ['alt', 'caption'],
  filters: [PUBLISHED_FILTER, { kind: 'reference', field: 'gym_id', label: 'Зал' }],
  ...ORDERED_BY_HAND,
});

export const partners = defineSection({
  key: 'partners',
  table: 'partners',
  entity: 'partner',
  auditLabel: 'партнёр',
  title: 'Партнёры',
  navLabel: 'Партнёры',
  newLabel: 'Добавить партнёра',
  labelColumn: 'name',
  fields: [
    NAME,
    { kind: 'image', name: 'logo_image_id', label: 'Логотип' },
    { kind: 'url', name: 'url', label: 'Сайт', required: true, maxLength: 500, hint: 'https://…' },
    multiline('description', 'Описание', 2000),
    PUBLISHED,
  ],
  columns: [
    { column: 'logo_image_id', label: 'Логотип' },
    { column: 'name', label: 'Название', sortable: true },
    { column: 'url', label: 'Сайт' },
    PUBLISHED_COLUMN,
  ],
  search: ['name', 'url', 'description'],
  filters: [PUBLISHED_FILTER],
  ...ORDERED_BY_HAND,
});

export const trainings = defineSection({
  key: 'trainings',
  table: 'trainings',
  entity: 'training',
  auditLabel: 'тренировка',
  title: 'Тренировки',
  navLabel: 'Тренировки',
  group: TRAININGS,
  newLabel: 'Добавить тренировку',
  labelColumn: 'title',
  fields: [
    TITLE,
    { kind: 'reference', name: 'trend_id', label: 'Направление', required: true, source: 'trends' },
    { kind: 'choice', name: 'level', label: 'Уровень', required: true, options: LEVELS, default: 'any' },
    DURATION,
    multiline('description', 'Описание', 10_000),
    { kind: 'image', name: 'cover_image_id', label: 'Обложка' },
    PUBLISHED,
  ],
  columns: [
    { column: 'cover_image_id', label: 'Фото' },
    { column: 'title', label: 'Название', sortable: true },
    { column: 'trend_id', label: 'Направление' },
    PUBLISHED_COLUMN,
  ],
  search: ['title', 'description'],
  filters: [PUBLISHED_FILTER, { kind: 'reference', field: 'trend_id', label: 'Направление' }],
  publicPath: '/trainings/{id}',
  ...ORDERED_BY_HAND,
});

export const trends = defineSection({
  key: 'trainings/trends',
  table: 'trends',
  entity: 'trend',
  auditLabel: 'направление',
  title: 'Направления',
  group: TRAININGS,
  newLabel: 'Добавить направление',
  labelColumn: 'title',
  fields: [
    TITLE,
    multiline('summary', 'Кратко', 500),
    multiline('description', 'Подробно', 10_000),
    { kind: 'image', name: 'cover_image_id', label: 'Обложка' },
    PUBLISHED,
  ],
  columns: [
    { column: 'cover_image_id', label: 'Фото' },
    { column: 'title', label: 'Название', sortable: true },
    PUBLISHED_COLUMN,
  ],
  search: ['title', 'summary'],
  filters: [PUBLISHED_FILTER],
  publicPath: '/trends/{id}',
  ...ORDERED_BY_HAND,
});

export const slots = defineSection({
  key: 'trainings/slots',
  table: 'schedule_slots',
  entity: 'schedule_slot',
  auditLabel: 'занятие расписания',
  title: 'Расписание',
  group: TRAININGS,
  newLabel: 'Добавить занятие в расписание',
  labelColumn: 'start_time',
  composedLabel: 'slot',
  listView: 'week',
  fields: [
    { kind: 'reference', name: 'gym_id', label: 'Зал', required: true, source: 'gyms' },
    { kind: 'reference', name: 'training_id', label: 'Тренировка', required: true, source: 'trainings' },
    { kind: 'reference', name: 'coach_id', label: 'Тренер', source: 'coaches' },
    { kind: 'weekday', name: 'weekday', label: 'День недели', required: true },
    { kind: 'time', name: 'start_time', label: 'Начало', required: true },
    DURATION,
    { kind: 'text', name: 'room', label: 'Зал/студия', maxLength: 100 },
    {
      kind: 'integer',
      name: 'capacity',
      label: 'Мест',
      min: 1,
      max: 1000,
      hint: 'Сколько человек может записаться на занятие. Пусто — без ограничения, места на сайте не показываются.',
    },
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
  group: TRAININGS,
  newLabel: 'Добавить изменение',
  labelColumn: 'date',
  composedLabel: 'slotChange',
  fields: [
    { kind: 'reference', name: 'slot_id', label: 'Занятие', required: true, source: 'slots' },
    { kind: 'date', name: 'date', label: 'Дата', required: true },
    { kind: 'choice', name: 'kind', label: 'Что случилось', required: true, options: CHANGE_KINDS },
    { kind: 'reference', name: 'coach_id', label: 'Тренер на замену', source: 'coaches' },
    { kind: 'time', name: 'start_time', label: 'Новое время начала' },
    {
      kind: 'integer',
      name: 'capacity',
      label: 'Мест в этот день',
      min: 1,
      max: 1000,
      hint: 'Только для замены: число мест этого дня вместо обычного. Пусто — как в расписании.',
    },
    { kind: 'text', name: 'note', label: 'Комментарий', maxLength: 500 },
  ],
  columns: [
    { column: 'date', label: 'Дата', format: 'day', sortable: true },
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

/**
 * The personal-data processing policy linked next to every consent checkbox (docs/product/bids.md). Its version is
 * recorded with each bid's consent; an empty text shows the built-in default (app/lib/privacy-policy.ts).
 */
export const privacyPolicy = defineSection({
  key: 'privacy',
  table: 'privacy_policy',
  entity: 'privacy_policy',
  auditLabel: 'политика обработки персональных данных',
  title: 'Политика обработки персональных данных',
  navLabel: 'Политика',
  newLabel: 'Политика обработки персональных данных',
  labelColumn: 'title',
  fields: [
    TITLE,
    {
      ...multiline('body', 'Текст', 50_000),
      hint:
        'Оператор, цели, какие данные храним и сколько, как отозвать согласие, контакты. Строка с «## » — ' +
        'заголовок, с «- » — пункт списка. Пусто — текст по умолчанию.',
    },
  ],
  columns: [],
  search: [],
  filters: [],
  order: [['id', 'asc']],
  publicPath: '/privacy',
  // Always public: every bid form links to it, so it cannot be unpublished.
  publishable: false,
  versioned: true,
  singleton: true,
});

/** The registry, in navigation order. */
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
  privacyPolicy,
];

/** The URL prefix of the staff area, shared with app/routes.ts. */
export const ADMIN_PATH = 'admin';

export type SectionPage = 'list' | 'new' | 'edit' | 'delete' | 'history' | 'revision';

/**
 * The route paths of a section below /admin: a list with new, edit and delete pages, or one edit page; each record
 * has its versions below its edit page (docs/revisions.md).
 */
export function sectionRoutePaths(section: AnySection): Array<{ page: SectionPage; path: string }> {
  const record = section.singleton ? section.key : `${section.key}/:id`;
  const history = [
    { page: 'history', path: `${record}/history` },
    { page: 'revision', path: `${record}/history/:revisionId` },
  ] as const;
  if (section.singleton) return [{ page: 'edit', path: section.key }, ...history];
  return [
    { page: 'list', path: section.key },
    { page: 'new', path: `${section.key}/new` },
    { page: 'edit', path: `${section.key}/:id` },
    { page: 'delete', path: `${section.key}/:id/delete` },
    ...history,
  ];
}

/** The page of a record below /admin: its edit page, or the section's one page for a singleton. */
export function recordPath(section: AnySection, id: number): string {
  return section.singleton ? `/admin/${section.key}` : `/admin/${section.key}/${id}`;
}

/** Where a saved or deleted record goes back to: its list, or its gym's week for weekly slots. */
export function sectionHome(section: AnySection, values: Record<string, unknown> | null): string {
  const gym = section.listView === 'week' && values ? parseId(String(values.gym_id ?? '')) : null;
  return `/admin/${section.key}${gym !== null ? `?gym_id=${gym}` : ''}`;
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
