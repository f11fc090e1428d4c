import { Link } from 'react-router';
import { BidForm } from '#app/components/BidForm.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { PromoCard } from '#app/components/SiteCards.tsx';
import { SITE_NAME } from '#app/lib/club.ts';
import { pageMeta, publicPageHeaders } from '#app/lib/seo.ts';
import { listCurrentPromos } from '#app/models/promo.server.ts';
import { bidFormToken, handleBidAction } from '#app/services/bid-intake.server.ts';
import { loadSiteContext } from '#app/services/site-page.server.ts';
import type { Route } from './+types/promos';

export async function loader(args: Route.LoaderArgs) {
  const site = await loadSiteContext(args);
  const promos = await listCurrentPromos(site.db, site.gymId, site.today);
  return { gym: site.gym, promos, timeZone: site.timeZone, origin: site.origin, token: bidFormToken(args.context) };
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
  });
}

export default function Promos({ loaderData }: Route.ComponentProps) {
  const { gym, promos, timeZone, token } = loaderData;
  return (
    <>
      <div className="page-head">
        <Heading level={1}>Акции</Heading>
        <p className="page-head__lead">{gym ? `Действуют в клубе «${gym.name}».` : 'Действующие предложения клуба.'}</p>
      </div>
      {promos.length === 0 ? (
        <p className="empty">
          Сейчас акций нет, но первое занятие у нас всегда бесплатно — <Link to="/new">запишитесь</Link>.
        </p>
      ) : (
        <div className="stack">
          {promos.map((promo) => (
            <div key={promo.id} id={`promo-${promo.id}`} className="promo-row">
              <PromoCard promo={promo} timeZone={timeZone} />
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
