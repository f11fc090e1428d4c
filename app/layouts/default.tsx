import { Outlet } from 'react-router';
import { SiteFooter, SiteHeader } from '#app/components/SiteHeader.tsx';

/** Layout `default` (SPEC §8): the full site chrome around the home page. */
export default function DefaultLayout() {
  return (
    <div className="layout layout--default">
      <SiteHeader />
      <main id="main" className="layout__main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
