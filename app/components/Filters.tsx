import { Link } from 'react-router';
import type { Option } from '#app/admin/fields.ts';
import { OptionList } from '#app/components/OptionList.tsx';

/** A labelled select of a public filter form: the "all" choice first, then the others. */
export function FilterField({
  name,
  id = `filter-${name}`,
  label,
  value,
  all,
  choices,
}: {
  /** `filter-<name>` unless given. */
  id?: string;
  label: string;
  name: string;
  value: string | number | null;
  /** The text of the empty choice: no filter on this field. */
  all: string;
  choices: readonly Option[];
}) {
  const selected = value ?? '';
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {/* Keyed by the value, so going back to another filter shows that filter's choice. */}
      <select id={id} name={name} defaultValue={selected} key={String(selected)}>
        <option value="">{all}</option>
        <OptionList options={choices} />
      </select>
    </div>
  );
}

/** The buttons of a public filter form: show, and, while a filter is on, a link to the page without it. */
export function FilterActions({ resetTo }: { resetTo: string | null }) {
  return (
    <div className="filters__actions">
      <button type="submit" className="button button--primary">
        Показать
      </button>
      {resetTo ? (
        <Link to={resetTo} className="button button--ghost">
          Сбросить
        </Link>
      ) : null}
    </div>
  );
}
