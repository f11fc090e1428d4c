import { Form } from 'react-router';
import type { Option } from '#app/admin/fields.ts';
import { OptionList } from '#app/components/OptionList.tsx';

/** A staff list filtered by one select (deleted records by section, scheduled changes by gym), with «Показать». */
export function SingleFilterForm(props: {
  /** The form's accessible name. */
  formLabel: string;
  label: string;
  name: string;
  value: string;
  /** The empty choice's text: «Все залы». */
  allLabel: string;
  options: readonly Option[];
}) {
  return (
    <Form method="get" className="admin-filters" role="search" aria-label={props.formLabel}>
      <label>
        {props.label}
        <select name={props.name} defaultValue={props.value}>
          <option value="">{props.allLabel}</option>
          <OptionList options={props.options} />
        </select>
      </label>
      <button type="submit" className="admin-button admin-button--ghost">
        Показать
      </button>
    </Form>
  );
}
