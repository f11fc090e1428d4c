import type { ReactNode } from 'react';

/** A staff form's field: its label (for the control with `id`) above the control, hint and error given as children. */
export function AdminField({ id, label, children }: { id: string; label: ReactNode; children: ReactNode }) {
  return (
    <div className="admin-field">
      <label htmlFor={id} className="admin-field__label">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A form field's hint or error, shown under it; `id` is what the field's aria-describedby names. */
export function FieldHint({ id, hint }: { id: string; hint?: string | null | undefined }) {
  return hint ? (
    <p id={id} className="admin-field__hint">
      {hint}
    </p>
  ) : null;
}

export function FieldError({ id, error }: { id?: string; error?: string | null | undefined }) {
  return error ? (
    <p id={id} className="admin-field__error">
      {error}
    </p>
  ) : null;
}
