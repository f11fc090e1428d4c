import { Outlet } from 'react-router';
import { SiteFooter, SiteHeader } from '#app/components/SiteHeader.tsx';

/** Layout `nested` (SPEC §8): inner pages — site chrome with a narrower content column. */
export default function NestedLayout() {
  return (
    <div className="layout layout--nested">
      <SiteHeader />
      <main id="main" className="layout__main container">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
