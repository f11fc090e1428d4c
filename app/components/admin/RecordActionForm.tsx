import type { ReactNode } from 'react';
import { Form } from 'react-router';

/** A one-button form in a table row: posts the row's `id` with `intent` to the page's action. */
export function RecordActionForm({
  id,
  intent,
  ghost = false,
  children,
}: {
  id: number;
  intent: string;
  /** The quieter button style, for actions beside others in the row. */
  ghost?: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="post" className="admin-inline-form">
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className={ghost ? 'admin-button admin-button--small admin-button--ghost' : 'admin-button admin-button--small'}
      >
        {children}
      </button>
    </Form>
  );
}
