import { Outlet } from 'react-router';

/** Layout `empty`: no site chrome — the landing page for ad traffic and the staff login (docs/product/routes.md). */
export default function EmptyLayout() {
  return (
    <div className="layout layout--empty">
      <main id="main" className="layout__main">
        <Outlet />
      </main>
    </div>
  );
}
