/**
 * One cell of a content section's list (routes/admin/content/list.tsx): a column with a format of its own (`day`,
 * `price`, `period`, app/admin/fields.ts) shows it so; any other shows its field the way the field's kind says
 * (app/admin/kinds/): as text, or as the record's picture.
 */
import type { FieldDef, ListColumn, Options } from '#app/admin/fields.ts';
import { kindOf } from '#app/admin/kinds/index.ts';
import type { AnySection } from '#app/admin/section.ts';
import { Image } from '#app/components/Image.tsx';
import { formatPrice } from '#app/lib/format.ts';
import { periodState, periodText } from '#app/lib/period.ts';
import { dayLabel } from '#app/lib/slot-label.ts';

type Row = Record<string, unknown>;

function fieldOf(section: AnySection, name: string): FieldDef | undefined {
  return section.fields.find((field) => field.name === name);
}

/** A dated run's state on `today` in the declaration's words, and its dates. */
function periodOf(entry: ListColumn, row: Row, today: string) {
  const starts = row[entry.column];
  const ends = entry.period ? row[entry.period.until] : null;
  if (!entry.period || typeof starts !== 'string' || typeof ends !== 'string') return null;
  const state = periodState(starts, ends, today);
  return { state, word: entry.period.words[state], dates: periodText(starts, ends) };
}

/** Whether a column's cell reads as the record's name, so it may carry the link to the record. */
function names(section: AnySection, entry: ListColumn): boolean {
  if (entry.format) return entry.format === 'day';
  const field = fieldOf(section, entry.column);
  if (!field) return true;
  const cell = kindOf(field).cell;
  return cell !== 'picture' && cell.names;
}

/** The column that links to the record: the first whose cell reads as a name. */
export function linkedColumn(section: AnySection): ListColumn | undefined {
  return section.columns.find((entry) => names(section, entry)) ?? section.columns[0];
}

/** A cell as text: the link's words, and what most cells show. */
export function cellText(section: AnySection, entry: ListColumn, row: Row, options: Options, today = ''): string {
  const value = row[entry.column];
  if (value === null || value === undefined) return '';
  switch (entry.format) {
    case 'period': {
      const period = periodOf(entry, row, today);
      return period ? `${period.word}, ${period.dates}` : '';
    }
    case 'day':
      return typeof value === 'string' ? dayLabel(value) : '';
    case 'price':
      return formatPrice(Number(value));
  }
  const field = fieldOf(section, entry.column);
  const cell = field ? kindOf(field).cell : null;
  return field && cell && cell !== 'picture' ? cell.text(field, value, options) : String(value);
}

export function ListCell({
  section,
  entry,
  row,
  options,
  today,
}: {
  section: AnySection;
  entry: ListColumn;
  row: Row;
  options: Options;
  today: string;
}) {
  if (entry.format === 'period') {
    const period = periodOf(entry, row, today);
    if (!period) return null;
    return (
      <span className="admin-period">
        <span className={`admin-status admin-period--${period.state}`}>{period.word}</span>{' '}
        <span className="admin-period__dates">{period.dates}</span>
      </span>
    );
  }
  const field = entry.format ? undefined : fieldOf(section, entry.column);
  const cell = field ? kindOf(field).cell : null;
  if (cell === 'picture') {
    // The list query joins the picture of its image column (models/admin/content.server.ts, `listRows`).
    return typeof row.image_key === 'string' ? (
      <Image
        image={{
          key: row.image_key,
          width: Number(row.image_width),
          height: Number(row.image_height),
          placeholder: String(row.image_placeholder ?? ''),
        }}
        alt=""
        width={64}
        className="admin-thumb"
      />
    ) : (
      <span className="admin-muted">нет</span>
    );
  }
  const value = row[entry.column];
  if (cell?.empty && (value === null || value === undefined)) return <span className="admin-muted">{cell.empty}</span>;
  return <>{cellText(section, entry, row, options)}</>;
}
