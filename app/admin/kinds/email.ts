/** An e-mail address people can write to (a gym's contact address): one address, checked for its shape. */
import type { FieldBase } from '#app/admin/kinds/kind.ts';
import { textual } from '#app/admin/kinds/text.ts';

export type EmailField<Name extends string = string> = FieldBase<Name> & { kind: 'email'; maxLength: number };

/** A local part, an @, and a domain with a dot and no spaces: what a mail program accepts, not the whole RFC. */
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/u;

export const email = textual<EmailField>({ type: 'email', inputMode: 'email' }, (text, fail) => {
  if (!EMAIL.test(text)) fail('Введите адрес электронной почты, например info@example.ru');
});
