import { Form, NavLink, Outlet } from 'react-router';
import { ADMIN_NAV, adminTitle } from '#app/admin/nav.ts';
import stylesheet from '#app/admin.css?url';
import { FlashMessage } from '#app/components/admin/FlashMessage.tsx';
import { adminFlashContext, requireStaffMiddleware } from '#app/middleware/staff.server.ts';
import { getStaff } from '#app/services/auth.server.ts';
import type { Route } from './+types/admin';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const middleware: Route.MiddlewareFunction[] = [requireStaffMiddleware];

/** Server middleware runs on a client navigation only when loader data is fetched: this loader makes it always run. */
export async function loader({ context }: Route.LoaderArgs) {
  const staff = getStaff(context);
  return {
    staff: { name: staff.name, email: staff.email, role: staff.role },
    flash: context.get(adminFlashContext),
  };
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle() }, { name: 'robots', content: 'noindex' }];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { staff, flash } = loaderData;
  return (
    <div className="admin">
      <header className="admin__header">
        <NavLink to="/admin" end className="admin__brand">
          Редактор контента
        </NavLink>
        <nav className="admin__nav" aria-label="Разделы">
          <ul>
            {ADMIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>{item.label}</NavLink>
              </li>
            ))}
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
      </header>
      <main id="main" className="admin__main">
        {flash ? <FlashMessage flash={flash} /> : null}
        <Outlet />
      </main>
    </div>
  );
}
