import { defineSection } from '#app/admin/section.ts';

export const partners = defineSection({
  key: 'partners',
  table: 'partners',
  entity: 'partner',
  auditLabel: 'партнёра',
  title: 'Партнёры',
  navLabel: 'Партнёры',
  newLabel: 'Добавить партнёра',
  labelColumn: 'name',
  fields: [
    { kind: 'text', name: 'name', label: 'Название', required: true, maxLength: 200 },
    { kind: 'image', name: 'logo_image_id', label: 'Логотип' },
    { kind: 'url', name: 'url', label: 'Сайт', required: true, maxLength: 500, hint: 'https://…' },
    { kind: 'text', name: 'description', label: 'Описание', maxLength: 2000, multiline: true },
    { kind: 'checkbox', name: 'published', label: 'Опубликовано', default: true },
  ],
  columns: [
    { column: 'logo_image_id', label: 'Логотип' },
    { column: 'name', label: 'Название', sortable: true },
    { column: 'url', label: 'Сайт' },
    { column: 'published', label: 'Опубликовано' },
  ],
  search: ['name', 'url', 'description'],
  filters: [{ kind: 'published', label: 'Публикация' }],
  order: 'manual',
  publishable: true,
  versioned: true,
});
