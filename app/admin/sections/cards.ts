import { defineSection } from '#app/admin/section.ts';

export const cards = defineSection({
  key: 'cards',
  table: 'cards',
  entity: 'card',
  auditLabel: 'карту',
  title: 'Клубные карты',
  navLabel: 'Клубные карты',
  newLabel: 'Добавить карту',
  labelColumn: 'title',
  fields: [
    { kind: 'text', name: 'title', label: 'Название', required: true, maxLength: 200 },
    { kind: 'text', name: 'description', label: 'Описание', maxLength: 5000, multiline: true },
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
    { kind: 'checkbox', name: 'published', label: 'Опубликовано', default: true },
  ],
  columns: [
    { column: 'title', label: 'Название', sortable: true },
    { column: 'price', label: 'Цена', format: 'price', sortable: true },
    { column: 'published', label: 'Опубликовано' },
  ],
  search: ['title', 'description'],
  filters: [{ kind: 'published', label: 'Публикация' }],
  order: 'manual',
  publishable: true,
  versioned: true,
});
