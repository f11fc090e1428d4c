import { SiteChrome } from '#app/components/SiteChrome.tsx';

/** Layout `default`: the full site chrome around the home page (docs/product/routes.md). */
export default function DefaultLayout() {
  return <SiteChrome layout="default" />;
}
