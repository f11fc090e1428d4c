import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';
import { ADMIN_PATH, SECTIONS, type SectionPage, sectionRoutePaths } from '#app/admin/sections.ts';

/** The shared module of each page a content section has. */
const CONTENT_MODULES: Record<SectionPage, string> = {
  list: 'routes/admin/content/list.tsx',
  new: 'routes/admin/content/edit.tsx',
  edit: 'routes/admin/content/edit.tsx',
  delete: 'routes/admin/content/delete.tsx',
  history: 'routes/admin/content/history.tsx',
  revision: 'routes/admin/content/revision.tsx',
};

/** A section whose list is a week grid (weekly slots) has its own list page. */
const WEEK_MODULE = 'routes/admin/content/week.tsx';

/** Every content section of the registry gets its pages; the modules learn their section from the route's path. */
const contentRoutes = SECTIONS.flatMap((section) =>
  sectionRoutePaths(section).map(({ page, path }) =>
    route(path, page === 'list' && section.listView === 'week' ? WEEK_MODULE : CONTENT_MODULES[page], {
      id: `admin-${section.key.replace('/', '-')}-${page}`,
    }),
  ),
);

/** Every URL of the product in one place (docs/product/routes.md). */
export default [
  // Layout `default`
  layout('layouts/default.tsx', [index('routes/site/home.tsx')]),

  // Layout `empty`
  layout('layouts/empty.tsx', [
    route('new', 'routes/site/new.tsx'),
    route('login', 'routes/auth/login.tsx'),
    // The second step of signing in (docs/staff-auth.md): a code, or setting up a required second factor.
    route('login/code', 'routes/auth/login-code.tsx'),
    route('login/setup-2fa', 'routes/auth/login-setup-2fa.tsx'),
  ]),

  // Layout `nested`
  layout('layouts/nested.tsx', [
    route('promos', 'routes/site/promos.tsx'),
    route('trends', 'routes/site/trends.tsx'),
    route('trends/:id', 'routes/site/trend.tsx'),
    route('coaches', 'routes/site/coaches.tsx'),
    route('coaches/:id', 'routes/site/coach.tsx'),
    route('shedule', 'routes/site/shedule.tsx'),
    // Signing up for one session (docs/product/signups.md).
    route('shedule/signup', 'routes/site/shedule-signup.tsx'),
    route('trainings/:id', 'routes/site/training.tsx'),
    route('privacy', 'routes/site/privacy.tsx'),
    // A visitor's own booking, by its private link (docs/product/signups.md, "The manage link").
    route('b/:token', 'routes/site/booking.tsx'),
  ]),

  // Staff area: every page below passes the session check of layouts/admin.tsx (docs/product/staff.md).
  route('logout', 'routes/auth/logout.ts'),
  route(ADMIN_PATH, 'layouts/admin.tsx', [
    index('routes/admin/dashboard.tsx'),
    route('bids', 'routes/admin/bids/list.tsx'),
    route('bids/export.csv', 'routes/admin/bids/export.ts'),
    route('bids/:id', 'routes/admin/bids/detail.tsx'),
    // A session's roster: attendance marks and walk-ins (docs/product/report.md).
    route('roster', 'routes/admin/roster.tsx'),
    // Bids → trials → came → bought, by source (docs/product/report.md).
    route('report', 'routes/admin/report.tsx'),
    route('report.csv', 'routes/admin/report-csv.ts'),
    ...contentRoutes,
    route('staff', 'routes/admin/staff.tsx'),
    route('account', 'routes/admin/account.tsx'),
    route('audit', 'routes/admin/audit.tsx'),
    route('deleted', 'routes/admin/deleted.tsx'),
    // Changes that publish themselves (docs/product/scheduling.md).
    route('scheduled', 'routes/admin/scheduled/list.tsx'),
    route('scheduled/:id', 'routes/admin/scheduled/detail.tsx'),
    // Unknown staff addresses: a 404 inside the staff layout (its error page keeps the navigation).
    route('*', 'routes/admin/not-found.tsx', { id: 'admin-not-found' }),
  ]),

  // Resources
  route('gym', 'routes/resources/gym.ts'),
  route('api/gym', 'routes/resources/api-gym.ts'),
  route('schedule', 'routes/resources/schedule-redirect.ts'),
  route('shedule.ics', 'routes/resources/shedule-ics.ts'),
  route('b/:token/booking.ics', 'routes/resources/booking-ics.ts'),
  route('sitemap.xml', 'routes/resources/sitemap.ts'),
  route('robots.txt', 'routes/resources/robots.ts'),
  route('api/build-id', 'routes/resources/build-id.ts'),

  // Anything else: 404 through the root error page.
  route('*', 'routes/site/not-found.tsx'),
] satisfies RouteConfig;
