/**
 * Reads a submitted content-section form into database values and Russian messages beside the fields. Each field is
 * checked by its kind's `parse` (app/admin/kinds/), wrapped in a zod schema, then the section's cross-field checks run
 * (app/admin/checks.server.ts). Uploaded images are stored before a failed check sends the form back, so a chosen
 * picture survives the error.
 */
import { z } from 'zod';
import { type ParsedValues, SECTION_CHECKS } from '#app/admin/checks.server.ts';
import type { FieldDef, FieldErrors, FormValues, Options } from '#app/admin/fields.ts';
import { kindOf } from '#app/admin/kinds/index.ts';
import { type Fail, type FormValue, type ParsedValue, REQUIRED } from '#app/admin/kinds/kind.ts';
import type { AnySection } from '#app/admin/section.ts';
import type { Storage } from '#app/infra/storage.server.ts';
import { STAFF_FILES_PER_FORM } from '#app/lib/body-limits.ts';
import { parseId } from '#app/lib/id.ts';
import { getImages } from '#app/models/image.server.ts';
import {
  ImageRejectedError,
  MAX_IMAGE_BYTES,
  type PreparedImage,
  prepareImage,
  saveImage,
} from '#app/services/image-intake.server.ts';
import type { Database } from '#db/index.ts';

export type { ParsedValues } from '#app/admin/checks.server.ts';

/** Bodies above this are refused before they are read; files are checked one by one below it. */
export const CONTENT_FORM_MAX_BYTES = 2 * MAX_IMAGE_BYTES + 1024 * 1024;
/** A gallery form takes several files at once (as many as the server lets a staff form carry). */
export const CONTENT_MULTI_FORM_MAX_BYTES = STAFF_FILES_PER_FORM * MAX_IMAGE_BYTES;

export { REQUIRED };

/** A field's first problem; stops that field's checks. */
class FieldProblem extends Error {}

const fail: Fail = (message) => {
  throw new FieldProblem(message);
};

/** One field's zod schema: the raw form value in, the database value out (its kind's `parse`), or its first message. */
function fieldSchema(field: FieldDef, options: Options): z.ZodType<ParsedValue> {
  const kind = kindOf(field);
  return z.unknown().transform((input, ctx) => {
    try {
      return kind.parse(field, typeof input === 'string' ? input.trim() : '', input, { options, fail });
    } catch (error) {
      if (!(error instanceof FieldProblem)) throw error;
      ctx.addIssue({ code: 'custom', message: error.message });
      return z.NEVER;
    }
  });
}

/** What the form showed, for showing it again after an error. */
export function rawValues(fields: readonly FieldDef[], form: FormData): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const read = kindOf(field).read;
    const value = read ? read(form, field.name) : form.get(field.name);
    values[field.name] = typeof value === 'string' || read ? (value as FormValue) : '';
  }
  return values;
}

/** Checks every field by its kind, then the section's cross-field checks. */
export function parseValues(
  section: AnySection,
  raw: FormValues,
  options: Options,
): { values: ParsedValues; errors: FieldErrors } {
  const values: ParsedValues = {};
  const errors: FieldErrors = {};
  for (const field of section.fields) {
    const result = fieldSchema(field, options).safeParse(raw[field.name]);
    if (result.success) values[field.name] = result.data;
    else {
      errors[field.name] = result.error.issues[0]?.message ?? REQUIRED;
      values[field.name] = null;
    }
  }
  SECTION_CHECKS[section.key]?.(values, errors);
  return { values, errors };
}

function uploadedFiles(form: FormData, name: string): File[] {
  return form
    .getAll(`${name}__file`)
    .filter((value): value is File => typeof value === 'object' && value !== null && 'arrayBuffer' in value)
    .filter((file) => file.size > 0 || file.name !== '');
}

/** The hidden inputs that carry the extra pictures of a multi-file create across a failed save. */
export function pendingName(fieldName: string): string {
  return `${fieldName}__pending`;
}

/** Caps the pictures one gallery form may carry, pending ones included. */
const MAX_PENDING = 50;

/** `Файл пустой` → `файл пустой`, for a reason after a file name. */
function reason(message: string): string {
  return message.charAt(0).toLowerCase() + message.slice(1);
}

/**
 * Checks and stores uploaded images. Runs before the other checks fail the form, so an accepted picture survives a
 * validation error (its id rides in the hidden field) and need not be chosen again. A multi-file create (the gallery)
 * keeps every accepted picture: the first in the field, the others in its pending inputs (`pendingName`), added to by
 * a later choice of files; a rejected file is named with its reason while the accepted ones stay (docs/product/
 * images.md). Returns the extra image ids of a multi-file create.
 */
export async function processImages(
  db: Database,
  storage: Storage,
  section: AnySection,
  form: FormData,
  values: ParsedValues,
  raw: FormValues,
  errors: FieldErrors,
  allowMultiple: boolean,
): Promise<number[]> {
  const extra: number[] = [];
  for (const field of section.fields) {
    if (field.kind !== 'image') continue;
    const multi = allowMultiple && field.multipleOnCreate === true;
    const removing = form.get(`${field.name}__remove`) === 'on';
    if (removing) {
      values[field.name] = null;
      raw[field.name] = '';
    }
    // Pictures accepted by an earlier, failed submission of this form: still there, still wanted.
    let kept: number[] = [];
    if (multi && !removing) {
      const wanted = [values[field.name], ...form.getAll(pendingName(field.name)).map((value) => parseId(value))]
        .filter((id): id is number => typeof id === 'number')
        .slice(0, MAX_PENDING);
      const known = new Set((await getImages(db, wanted)).map((image) => image.id));
      kept = [...new Set(wanted.filter((id) => known.has(id)))];
    }
    const files = uploadedFiles(form, field.name);
    const accepted = multi ? files : files.slice(0, 1);
    const prepared: PreparedImage[] = [];
    const rejected: string[] = [];
    for (const file of accepted) {
      try {
        if (file.size > MAX_IMAGE_BYTES) {
          throw new ImageRejectedError(
            multi
              ? `Файл больше ${MAX_IMAGE_BYTES / 1024 / 1024} МБ`
              : `Файл «${file.name}» больше ${MAX_IMAGE_BYTES / 1024 / 1024} МБ`,
          );
        }
        prepared.push(await prepareImage(Buffer.from(await file.arrayBuffer())));
      } catch (error) {
        if (!(error instanceof ImageRejectedError)) throw error;
        if (!multi) {
          errors[field.name] = error.message;
          break;
        }
        rejected.push(`«${file.name}» — ${reason(error.message)}`);
      }
    }
    if (!multi && errors[field.name]) continue;
    const saved: number[] = [];
    for (const image of prepared) saved.push((await saveImage(db, storage, image, { keyPrefix: 'uploads' })).id);
    const all = multi ? [...kept, ...saved].slice(0, MAX_PENDING) : saved;
    if (all.length) {
      values[field.name] = all[0]!;
      raw[field.name] = String(all[0]!);
      extra.push(...all.slice(1));
    }
    if (multi) raw[pendingName(field.name)] = all.slice(1).map(String);
    if (rejected.length) {
      const kept = all.length
        ? ` Остальные фото загружены (${all.length}) и сохранятся вместе с записью, выбирать их заново не нужно.`
        : '';
      errors[field.name] =
        `${rejected.length === 1 ? 'Не принят файл' : 'Не приняты файлы'}: ${rejected.join('; ')}.${kept}`;
    }
    if (field.required && values[field.name] === null && !errors[field.name]) {
      errors[field.name] = 'Загрузите изображение';
    }
  }
  return extra;
}

/** Database constraint errors become a message on the form instead of a 500 (docs/product/errors.md). */
export function constraintMessage(error: unknown): string | null {
  const code = (error as { code?: string }).code;
  if (code === '23514' || code === '23502' || code === '22001' || code === '22003' || code === '22008') {
    return 'Значения не прошли проверку базы данных: проверьте поля формы';
  }
  if (code === '23505') return 'Такая запись уже есть';
  if (code === '23503') return 'Связанная запись не найдена: её могли удалить. Обновите страницу';
  return null;
}

/**
 * A stored row, or values as the form reader returns them (a scheduled version, an old version), as the form shows
 * them.
 */
export function rowToFormValues(fields: readonly FieldDef[], row: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = row[field.name];
    const toForm = kindOf(field).toForm;
    values[field.name] = toForm ? toForm(field, value) : value === null || value === undefined ? '' : String(value);
  }
  return values;
}

/** A new record's form: each kind's empty value, or the declared default. */
export function defaultFormValues(fields: readonly FieldDef[]): FormValues {
  return Object.fromEntries(fields.map((field) => [field.name, kindOf(field).initial?.(field) ?? '']));
}
