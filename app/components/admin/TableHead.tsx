import type { ReactNode } from 'react';

/** A staff table's header row: one column header per entry, in order; a null entry is a column left out. */
export function TableHead({ columns }: { columns: ReactNode[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) =>
          column === null ? null : (
            // The columns are a fixed list: their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <th scope="col" key={index}>
              {column}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
