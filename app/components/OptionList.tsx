import type { Option } from '#app/admin/fields.ts';

/** `<option>`s for a list of choices. */
export function OptionList({ options }: { options: readonly Option[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

/** `<option>`s for gyms: the id as the value, the name as the text. */
export function GymOptions({ gyms }: { gyms: ReadonlyArray<{ id: number; name: string }> }) {
  return gyms.map((gym) => (
    <option key={gym.id} value={gym.id}>
      {gym.name}
    </option>
  ));
}
