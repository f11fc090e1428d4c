import type { ReactNode } from 'react';
import type { Option } from '#app/admin/fields.ts';
import { OptionList } from '#app/components/OptionList.tsx';

/** A filter of a staff list: a labelled select whose empty choice means "all". */
export function FilterSelect(props: {
  label: string;
  name: string;
  value: string | number | null;
  /** The empty choice's text: «Все залы»; «Все» without it. */
  allLabel?: string;
  options?: readonly Option[];
  children?: ReactNode;
}) {
  return (
    <label>
      <span>{props.label}</span>
      <select name={props.name} defaultValue={props.value ?? ''}>
        <option value="">{props.allLabel ?? 'Все'}</option>
        {props.children}
        <OptionList options={props.options ?? []} />
      </select>
    </label>
  );
}
