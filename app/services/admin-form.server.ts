/**
 * Turns a submitted admin form into database values and Russian messages beside the fields
 * (issue 4, item 3). Driven by the same field descriptors that render the form.
 */

import type { Storage } from '#app/infra/storage.server.ts';
import type { FieldDef, FieldErrors, FormValues, Options } from '#app/lib/admin-fields.ts';
import type { ParsedValues, SectionDef } from '#app/models/admin/sections.server.ts';
import {
  ImageRejectedError,
  MAX_IMAGE_BYTES,
  type PreparedImage,
  prepareImage,
  saveImage,
} from '#app/services/image-intake.server.ts';
import type { Database } from '#db/index.ts';

/** Upload bodies above this are refused before they are read; files are checked one by one below it. */
export const MAX_FORM_BYTES = 2 * MAX_IMAGE_BYTES + 1024 * 1024;
/** Gallery forms take several files at once. */
export const MAX_MULTI_FORM_BYTES = 12 * MAX_IMAGE_BYTES;

export const REQUIRED = 'Заполните поле';

/** Reads a form (multipart or urlencoded) with a size cap. Throws 413 for oversized bodies. */
export async function readForm(request: Request, maxBytes = MAX_FORM_BYTES): Promise<FormData> {
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > maxBytes) {
    throw new Response(`Слишком большой запрос: не больше ${Math.floor(maxBytes / 1024 / 1024)} МБ`, { status: 413 });
  }
  try {
    return await request.formData();
  } catch {
    throw new Response('Не удалось прочитать форму', { status: 400 });
  }
}

/** What the form showed, for re-rendering after an error. */
export function rawValues(fields: FieldDef[], form: FormData): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    if (field.type === 'checkbox') values[field.name] = form.get(field.name) === 'on';
    else if (field.type === 'multiselect') values[field.name] = form.getAll(field.name).map(String);
    else values[field.name] = String(form.get(field.name) ?? '');
  }
  return values;
}

function optionValues(field: FieldDef, options: Options): string[] | null {
  if (field.type === 'select' || field.type === 'multiselect') {
    if ('options' in field && field.options) return field.options.map((option) => option.value);
    if (field.source) return (options[field.source] ?? []).map((option) => option.value);
  }
  return null;
}

/** Validates the text fields; image fields are handled by `processImages`. */
export function parseValues(
  section: SectionDef,
  raw: FormValues,
  options: Options,
): { values: ParsedValues; errors: FieldErrors } {
  const values: ParsedValues = {};
  const errors: FieldErrors = {};
  for (const field of section.fields) {
    const input = raw[field.name];
    const text = typeof input === 'string' ? input.trim() : '';
    const missing = text === '';
    switch (field.type) {
      case 'text': {
        if (missing && field.required) errors[field.name] = REQUIRED;
        else if (field.maxLength && text.length > field.maxLength)
          errors[field.name] = `Не длиннее ${field.maxLength} символов`;
        // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are not text
        values[field.name] = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
        break;
      }
      case 'integer': {
        if (missing) {
          if (field.required) errors[field.name] = REQUIRED;
          values[field.name] = null;
        } else if (!/^-?\d+$/.test(text.replace(/\s/g, ''))) {
          errors[field.name] = 'Введите целое число';
        } else {
          const number = Number(text.replace(/\s/g, ''));
          if (field.min !== undefined && number < field.min) errors[field.name] = `Не меньше ${field.min}`;
          else if (field.max !== undefined && number > field.max) errors[field.name] = `Не больше ${field.max}`;
          values[field.name] = number;
        }
        break;
      }
      case 'decimal': {
        const normalised = text.replace(',', '.');
        if (missing) {
          if (field.required) errors[field.name] = REQUIRED;
          values[field.name] = null;
        } else if (!/^-?\d{1,3}(\.\d{1,6})?$/.test(normalised)) {
          errors[field.name] = 'Введите число, например 56.838011 (до 6 знаков после точки)';
        } else {
          const number = Number(normalised);
          if (number < field.min || number > field.max) errors[field.name] = `Число от ${field.min} до ${field.max}`;
          values[field.name] = normalised;
        }
        break;
      }
      case 'checkbox':
        values[field.name] = input === true;
        break;
      case 'date': {
        const valid = /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));
        if (missing) {
          if (field.required) errors[field.name] = 'Укажите дату';
        } else if (!valid) errors[field.name] = 'Дата в формате ГГГГ-ММ-ДД';
        values[field.name] = missing || !valid ? null : text;
        break;
      }
      case 'time': {
        const valid = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(text);
        if (missing) {
          if (field.required) errors[field.name] = 'Укажите время';
        } else if (!valid) errors[field.name] = 'Время в формате ЧЧ:ММ';
        values[field.name] = missing || !valid ? null : text.slice(0, 5);
        break;
      }
      case 'select': {
        const allowed = optionValues(field, options) ?? [];
        if (missing) {
          if (field.required) errors[field.name] = 'Выберите значение';
          values[field.name] = null;
        } else if (!allowed.includes(text)) {
          errors[field.name] = 'Выберите значение из списка';
        } else values[field.name] = field.source ? Number(text) : /^\d+$/.test(text) ? Number(text) : text;
        break;
      }
      case 'multiselect': {
        const allowed = new Set(optionValues(field, options) ?? []);
        const chosen = Array.isArray(input) ? input : [];
        if (chosen.some((value) => !allowed.has(value))) errors[field.name] = 'Выберите значения из списка';
        values[field.name] = [...new Set(chosen.filter((value) => allowed.has(value)).map(Number))];
        break;
      }
      case 'lines': {
        const lines = (typeof input === 'string' ? input : '')
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean);
        if (field.maxItems && lines.length > field.maxItems) errors[field.name] = `Не больше ${field.maxItems} строк`;
        if (lines.some((line) => line.length > 300)) errors[field.name] = 'Каждая строка — не длиннее 300 символов';
        values[field.name] = lines.join('\n');
        break;
      }
      case 'image': {
        // The hidden field carries the id of the image already attached (or uploaded before a failed save).
        values[field.name] = /^\d+$/.test(text) ? Number(text) : null;
        break;
      }
    }
  }
  section.validate?.(values, errors);
  return { values, errors };
}

function uploadedFiles(form: FormData, name: string): File[] {
  return form
    .getAll(`${name}__file`)
    .filter((value): value is File => typeof value === 'object' && value !== null && 'arrayBuffer' in value)
    .filter((file) => file.size > 0 || file.name !== '');
}

/**
 * Checks and stores uploaded images. Runs before the other checks fail the form, so an accepted
 * picture survives a validation error (its id rides in the hidden field) and need not be chosen again.
 * Returns the extra image ids for a multi-file create (gallery).
 */
export async function processImages(
  db: Database,
  storage: Storage,
  section: SectionDef,
  form: FormData,
  values: ParsedValues,
  raw: FormValues,
  errors: FieldErrors,
  allowMultiple: boolean,
): Promise<number[]> {
  const extra: number[] = [];
  for (const field of section.fields) {
    if (field.type !== 'image') continue;
    if (form.get(`${field.name}__remove`) === 'on') {
      values[field.name] = null;
      raw[field.name] = '';
    }
    const files = uploadedFiles(form, field.name);
    const accepted = allowMultiple && field.multipleOnCreate ? files : files.slice(0, 1);
    const prepared: PreparedImage[] = [];
    for (const file of accepted) {
      try {
        if (file.size > MAX_IMAGE_BYTES) {
          throw new ImageRejectedError(`Файл «${file.name}» больше ${MAX_IMAGE_BYTES / 1024 / 1024} МБ`);
        }
        prepared.push(await prepareImage(Buffer.from(await file.arrayBuffer())));
      } catch (error) {
        if (!(error instanceof ImageRejectedError)) throw error;
        const prefix = accepted.length > 1 && !error.message.includes('«') ? `«${file.name}»: ` : '';
        errors[field.name] = `${prefix}${error.message}`;
        break;
      }
    }
    if (errors[field.name]) continue;
    const saved = [];
    for (const image of prepared) saved.push(await saveImage(db, storage, image, { keyPrefix: 'uploads' }));
    if (saved.length) {
      values[field.name] = saved[0]!.id;
      raw[field.name] = String(saved[0]!.id);
      extra.push(...saved.slice(1).map((image) => image.id));
    }
    if (field.required && values[field.name] === null && !errors[field.name])
      errors[field.name] = 'Загрузите изображение';
  }
  return extra;
}

/** Database constraint errors become a message on the form instead of a 500 (SPEC §6). */
export function constraintMessage(error: unknown): string | null {
  const code = (error as { code?: string }).code;
  if (code === '23514' || code === '23502' || code === '22001' || code === '22003')
    return 'Значения не прошли проверку базы данных: проверьте поля формы';
  if (code === '23505') return 'Такая запись уже есть';
  if (code === '23503') return 'Связанная запись не найдена: её могли удалить. Обновите страницу';
  return null;
}

/** A database row as the form shows it. */
export function rowToFormValues(fields: FieldDef[], row: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = row[field.name];
    if (field.type === 'checkbox') values[field.name] = value === true;
    else if (field.type === 'multiselect') values[field.name] = Array.isArray(value) ? value.map(String) : [];
    else if (field.type === 'lines') {
      const list = typeof value === 'string' ? JSON.parse(value) : value;
      values[field.name] = Array.isArray(list) ? list.join('\n') : '';
    } else if (field.type === 'time') values[field.name] = typeof value === 'string' ? value.slice(0, 5) : '';
    else if (value === null || value === undefined) values[field.name] = '';
    else if (field.type === 'decimal') values[field.name] = String(Number(value));
    else values[field.name] = String(value);
  }
  return values;
}

export function defaultFormValues(fields: FieldDef[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    if (field.type === 'checkbox') values[field.name] = field.name === 'published';
    else if (field.type === 'multiselect') values[field.name] = [];
    else if (field.name === 'time_zone') values[field.name] = 'Europe/Moscow';
    else if (field.name === 'level') values[field.name] = 'any';
    else values[field.name] = '';
  }
  return values;
}
