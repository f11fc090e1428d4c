import { useRef } from 'react';
import { Form, Link } from 'react-router';
import { DELETE_CONSEQUENCE } from '#app/admin/revisions.ts';

/**
 * Delete with a confirmation step: without JavaScript the link opens the confirmation page;
 * with JavaScript the same confirmation opens in a dialog on the spot.
 */
export function DeleteButton({
  to,
  label,
  named = false,
  className = 'admin-button admin-button--small admin-button--danger',
}: {
  to: string;
  label: string;
  /** Name the record in the link's accessible name (`Удалить «…»`), for places with many such links. */
  named?: boolean;
  className?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <Link
        to={to}
        className={className}
        aria-label={named ? `Удалить «${label}»` : undefined}
        onClick={(event) => {
          if (!dialog.current?.showModal) return;
          event.preventDefault();
          dialog.current.showModal();
        }}
      >
        Удалить
      </Link>
      <dialog ref={dialog} className="admin-dialog" aria-label="Подтверждение удаления">
        <p>
          Удалить «{label}»? {DELETE_CONSEQUENCE}
        </p>
        <Form method="post" action={to} className="admin-dialog__actions">
          <button type="submit" className="admin-button admin-button--danger">
            Да, удалить
          </button>
          <button type="button" className="admin-button admin-button--ghost" onClick={() => dialog.current?.close()}>
            Отмена
          </button>
        </Form>
      </dialog>
    </>
  );
}
