/**
 * A picture (the id of an `images` row). The form sends the id already attached in a hidden input and new files
 * beside it; storing the files is the server's (`processImages` in services/admin-form.server.ts,
 * docs/product/images.md), the rest is here.
 */
import { defineKind, type FieldBase, nullable } from '#app/admin/kinds/kind.ts';
import { parseId } from '#app/lib/id.ts';

export type ImageField<Name extends string = string> = FieldBase<Name> & {
  kind: 'image';
  multipleOnCreate?: boolean;
  /**
   * A column of the record that is the picture's description (the gallery's `alt`): the form then asks no
   * description of its own beside the picture (docs/product/images.md).
   */
  describedBy?: Name;
};

export const image = defineKind<ImageField>({
  column: 'integer',
  // The hidden field carries the id of the image already attached (or uploaded before a failed save).
  parse: (_field, text) => parseId(text),
  control: () => ({ element: 'image' }),
  cell: 'picture',
  revisionValue: (_field, value) => nullable(value, Number),
});
