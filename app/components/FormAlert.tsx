/** A form's message that is not about one field (a refused send, a conflict), read out as it appears; none without one. */
export function FormAlert({
  message,
  className,
  id,
}: {
  message: string | null | undefined;
  className: string;
  id?: string;
}) {
  return message ? (
    <p className={className} role="alert" id={id}>
      {message}
    </p>
  ) : null;
}
