/** Text typed in one line or several: trimmed, capped, stored as plain text (no markup). */

import {
  type Control,
  checkLength,
  defineKind,
  type Fail,
  type FieldBase,
  type FieldKind,
  isEmpty,
} from '#app/admin/kinds/kind.ts';
import { plainText } from '#app/lib/text.ts';

export type TextField<Name extends string = string> = FieldBase<Name> & {
  kind: 'text';
  maxLength?: number;
  multiline?: boolean;
};

/**
 * A kind whose value is one line of text with a check of its own (a phone, a site's address, an e-mail): the
 * shared reading, storing, list cell and version of text, its control an input of `control`.
 */
export function textual<F extends FieldBase<string> & { maxLength?: number }>(
  control: Omit<Extract<Control, { element: 'input' }>, 'element' | 'maxLength'>,
  check: (text: string, fail: Fail) => void,
): FieldKind<F> {
  return defineKind<F>({
    column: 'text',
    parse(field, text, _input, { fail }) {
      if (isEmpty(field, text, fail)) return '';
      checkLength(text, field.maxLength, fail);
      check(text, fail);
      return plainText(text);
    },
    control: (field) => ({ element: 'input', ...control, maxLength: field.maxLength }),
    cell: { text: (_field, value) => String(value), names: true },
    revisionValue: (_field, value) => (value === null || value === undefined ? '' : String(value)),
  });
}

const line = textual<TextField>({ type: 'text' }, () => {});

export const text = defineKind<TextField>({
  ...line,
  // A page-long text (the privacy policy) gets room to read it while editing.
  control: (field) =>
    field.multiline
      ? { element: 'textarea', rows: (field.maxLength ?? 0) >= 20_000 ? 24 : 4, maxLength: field.maxLength }
      : line.control(field),
});
