/**
 * Every picture keeps a focal point and a description (docs/product/images.md): the point, in percent of the width
 * and height, is where any crop of the picture stays centred; the description is its `alt` on public pages, or the
 * picture is marked decorative. Pictures stored before keep the centre and no description. Frozen: never import
 * app code here.
 */
import { type Kysely, sql } from 'kysely';

const statements = [
  `ALTER TABLE images
    ADD COLUMN focal_x smallint NOT NULL DEFAULT 50 CHECK (focal_x BETWEEN 0 AND 100),
    ADD COLUMN focal_y smallint NOT NULL DEFAULT 50 CHECK (focal_y BETWEEN 0 AND 100),
    ADD COLUMN alt text NOT NULL DEFAULT '' CHECK (length(alt) <= 300),
    ADD COLUMN decorative boolean NOT NULL DEFAULT false`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw('ALTER TABLE images DROP COLUMN focal_x, DROP COLUMN focal_y, DROP COLUMN alt, DROP COLUMN decorative')
    .execute(db);
}
