/** A short list typed one item per line (a coach's achievements), stored as a JSON array of strings. */
import { defineKind, type FieldBase } from '#app/admin/kinds/kind.ts';
import { plainText } from '#app/lib/text.ts';

export type LinesField<Name extends string = string> = FieldBase<Name> & { kind: 'lines'; maxItems: number };

const MAX_LINE_LENGTH = 300;

/** The items of a stored list (a JSON array), of a parsed value (lines) or of an old version. */
function lineList(value: unknown): string[] {
  let list = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      list = null;
    }
    if (!Array.isArray(list)) list = value.split('\n');
  }
  return Array.isArray(list) ? list.map(String) : [];
}

export const lines = defineKind<LinesField>({
  column: 'jsonb',
  parse(field, _text, input, { fail }) {
    const items = plainText(typeof input === 'string' ? input : '')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    if (items.some((line) => line.length > MAX_LINE_LENGTH)) {
      fail(`Каждая строка — не длиннее ${MAX_LINE_LENGTH} символов`);
    }
    if (items.length > field.maxItems) fail(`Не больше ${field.maxItems} строк`);
    return items.join('\n');
  },
  toForm: (_field, value) => lineList(value).join('\n'),
  toColumn: (value) => JSON.stringify(value ? String(value).split('\n') : []),
  control: () => ({ element: 'textarea', rows: 5 }),
  cell: { text: (_field, value) => lineList(value).join('; '), names: false },
  revisionValue: (_field, value) => lineList(value),
  revisionText: (_field, value) => ((value as string[]).length ? (value as string[]).join('\n') : '—'),
});
