/**
 * The focal point and description of the pictures a content form carries (docs/product/images.md). They belong to
 * the picture (the `images` row) rather than to a column of the record, so the form reads them from inputs beside
 * each image field (`imageDetailNames`), and a record whose picture has neither a description nor the decorative mark
 * cannot be published.
 */
import {
  type FieldDef,
  type FieldErrors,
  type FormValues,
  imageDetailNames,
  MAX_IMAGE_ALT_LENGTH,
} from '#app/admin/fields.ts';
import type { AnySection } from '#app/admin/section.ts';
import { parseId } from '#app/lib/id.ts';
import { plainText } from '#app/lib/text.ts';
import { getImages, type ImageDetails, setImageDetails } from '#app/models/image.server.ts';
import type { ParsedValues } from '#app/services/admin-form.server.ts';
import type { Database } from '#db/index.ts';

type ImageField = Extract<FieldDef, { kind: 'image' }>;

function imageFields(section: AnySection): ImageField[] {
  return section.fields.filter((field): field is ImageField => field.kind === 'image');
}

/** Whether the form asks for the picture's own description (not when a column of the record describes it). */
function describedHere(field: ImageField): boolean {
  return field.describedBy === undefined;
}

const CENTRE = 50;

/** The detail inputs of the pictures `values` point at, as the form shows them. */
export async function imageDetailValues(db: Database, section: AnySection, values: FormValues): Promise<FormValues> {
  const fields = imageFields(section);
  const images = new Map(
    (
      await getImages(
        db,
        fields.flatMap((field) => parseId(values[field.name]) ?? []),
      )
    ).map((image) => [image.id, image]),
  );
  const shown: FormValues = {};
  for (const field of fields) {
    const names = imageDetailNames(field.name);
    const image = images.get(parseId(values[field.name]) ?? -1);
    shown[names.focalX] = String(image?.focal_x ?? CENTRE);
    shown[names.focalY] = String(image?.focal_y ?? CENTRE);
    if (describedHere(field)) {
      shown[names.alt] = image?.alt ?? '';
      shown[names.decorative] = image?.decorative ?? false;
    }
  }
  return shown;
}

function readPercent(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return CENTRE;
  if (!/^\d{1,3}(?:\.\d+)?$/.test(trimmed)) return null;
  const value = Math.round(Number(trimmed));
  return value >= 0 && value <= 100 ? value : null;
}

/**
 * Reads the detail inputs of every image field into `raw` (to show them again) and returns what they say; a focal
 * coordinate that is not a number from 0 to 100 or a description that is too long is a message beside its input.
 */
export function readImageDetails(
  section: AnySection,
  form: FormData,
  raw: FormValues,
  errors: FieldErrors,
): Map<string, ImageDetails> {
  const details = new Map<string, ImageDetails>();
  for (const field of imageFields(section)) {
    const names = imageDetailNames(field.name);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    raw[names.focalX] = text(names.focalX);
    raw[names.focalY] = text(names.focalY);
    const focalX = readPercent(raw[names.focalX] as string);
    const focalY = readPercent(raw[names.focalY] as string);
    if (focalX === null) errors[names.focalX] = 'Укажите число от 0 до 100';
    if (focalY === null) errors[names.focalY] = 'Укажите число от 0 до 100';
    let alt = '';
    let decorative = false;
    if (describedHere(field)) {
      raw[names.alt] = text(names.alt);
      raw[names.decorative] = form.get(names.decorative) === 'on';
      alt = plainText(raw[names.alt] as string)
        .replace(/\s+/g, ' ')
        .trim();
      decorative = raw[names.decorative] === true;
      if (alt.length > MAX_IMAGE_ALT_LENGTH) errors[names.alt] = `Не длиннее ${MAX_IMAGE_ALT_LENGTH} символов`;
    }
    details.set(field.name, { focalX: focalX ?? CENTRE, focalY: focalY ?? CENTRE, alt, decorative });
  }
  return details;
}

/** Whether the record, once saved with `values`, is shown on the site. */
function willBePublished(section: AnySection, values: ParsedValues): boolean {
  return section.publishable ? values.published === true : true;
}

/** The message that names a picture that may not be published as it is. */
export function undescribedMessage(label: string): string {
  return (
    `Изображение «${label}» без описания: опишите, что на нём, для тех, кто его не видит, или отметьте его ` +
    'декоративным. Без этого запись нельзя опубликовать'
  );
}

/** A published record's pictures must each have a description or be marked decorative. */
export function checkImagesDescribed(
  section: AnySection,
  values: ParsedValues,
  details: Map<string, ImageDetails>,
  errors: FieldErrors,
): void {
  if (!willBePublished(section, values)) return;
  for (const field of imageFields(section)) {
    if (!describedHere(field) || values[field.name] === null || values[field.name] === undefined) continue;
    const given = details.get(field.name);
    const names = imageDetailNames(field.name);
    if (given && !given.decorative && given.alt === '' && !errors[names.alt]) {
      errors[names.alt] = undescribedMessage(field.label);
    }
  }
}

/** Stores what the form said about its pictures, after the record itself is saved. */
export async function saveImageDetails(
  db: Database,
  section: AnySection,
  values: ParsedValues,
  details: Map<string, ImageDetails>,
  extraImageIds: number[],
): Promise<void> {
  for (const field of imageFields(section)) {
    const id = values[field.name];
    const given = details.get(field.name);
    if (typeof id !== 'number' || !given) continue;
    const ids = field.multipleOnCreate ? [id, ...extraImageIds] : [id];
    if (describedHere(field)) {
      await setImageDetails(db, ids, given);
    } else {
      // The record's own column describes the picture; the picture keeps it too, for the public pages.
      const alt = String(values[field.describedBy!] ?? '');
      await setImageDetails(db, ids, { ...given, alt, decorative: false });
    }
  }
}

/** The labels of a record's pictures that have neither a description nor the decorative mark. */
export async function undescribedImages(db: Database, section: AnySection, row: Record<string, unknown>) {
  const fields = imageFields(section).filter(describedHere);
  const ids = fields.flatMap((field) => (typeof row[field.name] === 'number' ? [row[field.name] as number] : []));
  const images = new Map((await getImages(db, ids)).map((image) => [image.id, image]));
  return fields
    .filter((field) => {
      const image = images.get(row[field.name] as number);
      return image !== undefined && !image.decorative && image.alt === '';
    })
    .map((field) => field.label);
}
