/** A phone number as people write it: digits, spaces, brackets, dashes and a plus. */
import type { FieldBase } from '#app/admin/kinds/kind.ts';
import { textual } from '#app/admin/kinds/text.ts';

export type PhoneField<Name extends string = string> = FieldBase<Name> & { kind: 'phone'; maxLength: number };

export const phone = textual<PhoneField>({ type: 'tel' }, (text, fail) => {
  if (!/^[+\d\s()-]{5,40}$/.test(text)) fail('Телефон может содержать только цифры, пробелы, скобки, дефис и +');
});
