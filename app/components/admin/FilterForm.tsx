import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';

/**
 * The filters of a staff list or report: a GET form (the choices stay in the address, so a filtered page can be
 * shared and reloaded) with «Показать», and «Сбросить» back to `resetTo` when a filter is set.
 */
export function FilterForm(props: {
  /** The form's accessible name: «Фильтры заявок». */
  label: string;
  /** Where «Сбросить» leads; no link without it. */
  resetTo?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form
      method="get"
      className={props.className ? `admin-filters ${props.className}` : 'admin-filters'}
      role="search"
      aria-label={props.label}
    >
      {props.children}
      <button type="submit" className="admin-button admin-button--ghost">
        Показать
      </button>
      {props.resetTo ? (
        <Link to={props.resetTo} className="admin-link">
          Сбросить
        </Link>
      ) : null}
    </Form>
  );
}
