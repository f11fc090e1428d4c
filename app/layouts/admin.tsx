import type { ReactNode } from 'react';
import { Form, isRouteErrorResponse, Link, NavLink, Outlet, useRouteLoaderData } from 'react-router';
import { ADMIN_NAV, staffPageMeta } from '#app/admin/nav.ts';
import stylesheet from '#app/admin.css?url';
import { getStaff } from '#app/auth/staff.server.ts';
import { FlashMessage } from '#app/components/admin/FlashMessage.tsx';
import { ViewerZoneCookie } from '#app/components/admin/StaffTime.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { requireAccessMiddleware } from '#app/middleware/access.server.ts';
import { adminFlashContext, requireStaffMiddleware } from '#app/middleware/staff.server.ts';
import { getStaffClock } from '#app/services/staff-clock.server.ts';
import type { Route } from './+types/admin';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const middleware: Route.MiddlewareFunction[] = [requireStaffMiddleware, requireAccessMiddleware];

/** Server middleware runs on a client navigation only when loader data is fetched: this loader makes it always run. */
export async function loader({ context }: Route.LoaderArgs) {
  const staff = getStaff(context);
  return {
    staff: { name: staff.name, email: staff.email, role: staff.role },
    flash: context.get(adminFlashContext),
    clock: getStaffClock(context),
  };
}

export const meta: Route.MetaFunction = () => staffPageMeta();

type AdminData = Awaited<ReturnType<typeof loader>>;

/** The staff area's header and navigation around a page (or around an error, see `ErrorBoundary`). */
function AdminShell({ staff, children }: { staff: AdminData['staff'] | null; children: ReactNode }) {
  return (
    <div className="admin">
      <header className="admin__header">
        <NavLink to="/admin" end className="admin__brand">
          Редактор контента
        </NavLink>
        {staff ? (
          <>
            <nav className="admin__nav" aria-label="Разделы">
              <ul>
                {ADMIN_NAV.filter((item) => staff.role !== 'manager' || item.to !== '/admin/report').map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to}>{item.label}</NavLink>
                  </li>
                ))}
                <li>
                  <NavLink to="/admin/scheduled">Запланировано</NavLink>
                </li>
                <li>
                  <NavLink to="/admin/audit">Журнал</NavLink>
                </li>
                <li>
                  <NavLink to="/admin/deleted">Удалённые</NavLink>
                </li>
                {staff.role === 'admin' ? (
                  <li>
                    <NavLink to="/admin/staff">Сотрудники</NavLink>
                  </li>
                ) : null}
              </ul>
            </nav>
            <div className="admin__user">
              <NavLink to="/admin/account" title="Профиль">
                {staff.name || staff.email}
              </NavLink>
              <Form method="post" action="/logout">
                <button type="submit" className="admin-button admin-button--ghost">
                  Выйти
                </button>
              </Form>
            </div>
          </>
        ) : null}
      </header>
      <main id="main" className="admin__main">
        {children}
      </main>
    </div>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { staff, flash } = loaderData;
  return (
    <AdminShell staff={staff}>
      <ViewerZoneCookie />
      {flash ? <FlashMessage flash={flash} /> : null}
      <Outlet />
    </AdminShell>
  );
}

/**
 * An error on a staff page (a missing record, a failure) keeps the staff navigation around it, so the member can go
 * on working (docs/product/staff.md). The error text is Russian; details of a failure stay in the server log.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<AdminData>('layouts/admin');
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  const heading = notFound ? 'Запись не найдена' : status === 403 ? 'Нет доступа' : 'Что-то пошло не так';
  const text = notFound
    ? 'Такой страницы или записи нет: возможно, её удалили или в адресе ошибка.'
    : status === 403
      ? 'У вашей учётной записи нет прав на эту страницу.'
      : status < 500 && isRouteErrorResponse(error) && typeof error.data === 'string' && error.data
        ? error.data
        : 'Не удалось выполнить действие из-за ошибки на сервере. Попробуйте ещё раз; если ошибка повторится, сообщите администратору сайта.';
  return (
    <AdminShell staff={data?.staff ?? null}>
      <section className="admin-section admin-error" role="alert" aria-labelledby="admin-error-title">
        <Heading level={1} id="admin-error-title">
          {heading}
        </Heading>
        <p className="admin-error__status">Ошибка {status}</p>
        <p>{text}</p>
        <p>
          <Link to="/admin" className="admin-link">
            На главную редактора
          </Link>
        </p>
      </section>
    </AdminShell>
  );
}
