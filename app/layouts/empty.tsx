import { Outlet } from 'react-router';

/** Layout `empty` (SPEC §8): no site chrome — landing pages for ad traffic and the staff login. */
export default function EmptyLayout() {
  return (
    <div className="layout layout--empty">
      <main id="main" className="layout__main">
        <Outlet />
      </main>
    </div>
  );
}
