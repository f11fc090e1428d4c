export function FlashMessage({ flash }: { flash: { kind: 'success' | 'error' | 'info'; text: string } }) {
  return (
    <p className={`admin-flash admin-flash--${flash.kind}`} role={flash.kind === 'error' ? 'alert' : 'status'}>
      {flash.text}
    </p>
  );
}

/** A form's message that is not about one field (a conflict, a refused change). */
export function FormAlert({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="admin-form__error" role="alert">
      {message}
    </p>
  ) : null;
}
