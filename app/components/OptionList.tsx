import type { Option } from '#app/admin/fields.ts';

/** `<option>`s for a list of choices. */
export function OptionList({ options }: { options: readonly Option[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}
