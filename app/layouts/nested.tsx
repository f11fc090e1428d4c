import { SiteChrome } from '#app/components/SiteChrome.tsx';

/** Layout `nested`: inner pages, the site chrome around a narrower content column (docs/product/routes.md). */
export default function NestedLayout() {
  return <SiteChrome layout="nested" />;
}
