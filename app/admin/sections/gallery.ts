import { defineSection } from '#app/admin/section.ts';

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
    { kind: 'checkbox', name: 'published', label: 'Опубликовано', default: true },
  ],
  columns: [
    { column: 'image_id', label: 'Фото' },
    { column: 'alt', label: 'Описание', sortable: true },
    { column: 'gym_id', label: 'Зал' },
    { column: 'published', label: 'Опубликовано' },
  ],
  search: ['alt', 'caption'],
  filters: [
    { kind: 'published', label: 'Публикация' },
    { kind: 'reference', field: 'gym_id', label: 'Зал' },
  ],
  order: 'manual',
  publishable: true,
  versioned: true,
});
