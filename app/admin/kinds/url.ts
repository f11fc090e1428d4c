/** The address of a web site, http or https only. */
import type { FieldBase } from '#app/admin/kinds/kind.ts';
import { textual } from '#app/admin/kinds/text.ts';
import { isHttpUrl } from '#app/lib/url.ts';

export type UrlField<Name extends string = string> = FieldBase<Name> & { kind: 'url'; maxLength: number };

export const url = textual<UrlField>({ type: 'url' }, (text, fail) => {
  if (!isHttpUrl(text)) fail('Адрес сайта должен начинаться с http:// или https://');
});
