import { Outlet } from 'react-router';
import { SiteFooter, SiteHeader } from '#app/components/SiteHeader.tsx';

/**
 * The public site's header and footer around the page: `default` lets the page use the full width (the home page),
 * `nested` puts it in the centred column of the inner pages (docs/product/routes.md).
 */
export function SiteChrome({ layout }: { layout: 'default' | 'nested' }) {
  return (
    <div className={`layout layout--${layout}`}>
      <SiteHeader />
      <main id="main" className={layout === 'nested' ? 'layout__main container' : 'layout__main'}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
