import { data, Link } from 'react-router';
import { BidForm } from '#app/components/BidForm.tsx';
import { DraftBanner } from '#app/components/DraftBanner.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { PromoCard } from '#app/components/SiteCards.tsx';
import { gymPhrase, SITE_NAME } from '#app/lib/club.ts';
import { formatDate } from '#app/lib/format.ts';
import { parseId } from '#app/lib/id.ts';
import { pageMeta, publicPageHeaders } from '#app/lib/seo.ts';
import { getPromoDraft, listCurrentPromos } from '#app/models/promo.server.ts';
import { bidFormToken, handleBidAction } from '#app/services/bid-intake.server.ts';
import { DRAFT_HEADERS, isStaffPreview, loadSiteContext, pageNotFound } from '#app/services/site-page.server.ts';
import type { Route } from './+types/promos';

export async function loader(args: Route.LoaderArgs) {
  const site = await loadSiteContext(args);
  const promos = await listCurrentPromos(site.db, site.gymId, site.today);
  const page = {
    gym: site.gym,
    promos,
    timeZone: site.timeZone,
    origin: site.origin,
    token: bidFormToken(args.context),
  };
  // Promos have no page of their own: staff preview one at the top of the list (`?preview=<id>`), whatever its state
  // (docs/product/staff.md, "Drafts and preview"); for anyone else such an address does not exist.
  if (!args.url.searchParams.has('preview')) return data({ ...page, preview: null });
  const id = parseId(args.url.searchParams.get('preview'));
  const preview = id !== null && (await isStaffPreview(args)) ? await getPromoDraft(site.db, id) : undefined;
  if (!preview) pageNotFound(args.url);
  return data(
    { ...page, preview, promos: promos.filter((promo) => promo.id !== preview.id) },
    { headers: DRAFT_HEADERS },
  );
}

export const action = handleBidAction;
export const headers = publicPageHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  const gym = loaderData?.gym;
  return pageMeta({
    title: `Акции${gym ? ` — ${gym.name}` : ''} | ${SITE_NAME}`,
    description: 'Текущие акции и специальные предложения клуба: скидки на карты, подарки и бесплатные тренировки.',
    origin: loaderData?.origin ?? '',
    path: '/promos',
    noindex: Boolean(loaderData?.preview),
  });
}

export default function Promos({ loaderData }: Route.ComponentProps) {
  const { gym, promos, preview, timeZone, token } = loaderData;
  return (
    <>
      <div className="page-head">
        <Heading level={1}>Акции</Heading>
        <p className="page-head__lead">
          {gym ? `Действуют в ${gymPhrase(gym.name, { in: true })}.` : 'Действующие предложения клуба.'}
        </p>
      </div>
      {preview ? (
        <div id={`promo-${preview.id}`} className="promo-row promo-row--preview">
          {preview.published ? (
            <p className="draft-banner" role="status">
              <strong>Предпросмотр.</strong> Акция опубликована; на сайте она видна с {formatDate(preview.startsOn)} по{' '}
              {formatDate(preview.endsOn)}.
            </p>
          ) : (
            <DraftBanner editPath={`/admin/promos/${preview.id}`} />
          )}
          <PromoCard promo={preview} timeZone={timeZone} priority />
        </div>
      ) : null}
      {promos.length === 0 ? (
        <p className="empty">
          Сейчас акций нет, но первое занятие у нас всегда бесплатно — <Link to="/new">запишитесь</Link>.
        </p>
      ) : (
        <div className="stack">
          {promos.map((promo, index) => (
            <div key={promo.id} id={`promo-${promo.id}`} className="promo-row">
              <PromoCard promo={promo} timeZone={timeZone} headingLevel={2} priority={index === 0 && !preview} />
              <BidForm
                formId={`promo-${promo.id}-bid`}
                kind="promo"
                subjectId={promo.id}
                gymId={gym?.id ?? null}
                token={token}
                title={`Заявка по акции «${promo.title}»`}
              />
            </div>
          ))}
        </div>
      )}
    </>
  );
}
