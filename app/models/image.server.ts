/** Stored pictures: one row per upload with its size and placeholder; other tables point at it. */
import { type ExpressionBuilder, sql } from 'kysely';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import type { ImageRef } from '#app/lib/image-url.ts';
import type { Database } from '#db/index.ts';
import type { DB, NewImage } from '#db/schema.ts';

/**
 * The image referenced by `column` (e.g. `'trends.cover_image_id'`) as a JSON object or null. A correlated
 * subquery works the same in a plain select and inside `jsonArrayFrom`, so nested page queries stay one round trip.
 */
export function imageRef(eb: ExpressionBuilder<DB, any>, column: string) {
  return jsonObjectFrom(
    eb
      .selectFrom('images')
      .select([
        'images.storage_key as key',
        'images.width',
        'images.height',
        'images.placeholder',
        'images.focal_x as focalX',
        'images.focal_y as focalY',
        'images.alt',
        'images.decorative',
      ])
      .where('images.id', '=', sql.ref<number>(column)),
  ).$castTo<ImageRef | null>();
}

export function insertImage(db: Database, image: NewImage) {
  return db.insertInto('images').values(image).returningAll().executeTakeFirstOrThrow();
}

export async function getImages(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('images')
    .select(['id', 'storage_key', 'width', 'height', 'placeholder', 'focal_x', 'focal_y', 'alt', 'decorative'])
    .where('id', 'in', ids)
    .execute();
}

export interface ImageDetails {
  focalX: number;
  focalY: number;
  alt: string;
  decorative: boolean;
}

/** Sets the focal point and description of pictures (the staff form's fields beside an upload). */
export async function setImageDetails(db: Database, ids: number[], details: ImageDetails): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('images')
    .set({
      focal_x: details.focalX,
      focal_y: details.focalY,
      alt: details.decorative ? '' : details.alt,
      decorative: details.decorative,
    })
    .where('id', 'in', ids)
    .execute();
}

/** Whether `key` is the storage key of a stored image (the image service refuses any other key). */
export async function isStoredImageKey(db: Database, key: string): Promise<boolean> {
  const row = await db.selectFrom('images').select('id').where('storage_key', '=', key).limit(1).executeTakeFirst();
  return row !== undefined;
}
