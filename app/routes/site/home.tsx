import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TrialBidForm } from '#app/components/BidForm.tsx';
import { GymJsonLd } from '#app/components/GymJsonLd.tsx';
import { GymMap } from '#app/components/GymMap.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { Icon } from '#app/components/Icon.tsx';
import { Image } from '#app/components/Image.tsx';
import { ServerHtml } from '#app/components/ServerHtml.tsx';
import { CoachGrid, PriceCard, PromoCard, TrendCard } from '#app/components/SiteCards.tsx';
import { SiteLink } from '#app/components/SiteLink.tsx';
import { gymPhrase, SITE_NAME } from '#app/lib/club.ts';
import { DEFAULT_DESCRIPTION, pageMeta, publicPageHeaders } from '#app/lib/seo.ts';
import { publishedCardsQuery } from '#app/models/card.server.ts';
import { publishedCoachesQuery } from '#app/models/coach.server.ts';
import { galleryQuery } from '#app/models/gallery.server.ts';
import { publishedPartnersQuery } from '#app/models/partner.server.ts';
import { currentPromosQuery } from '#app/models/promo.server.ts';
import { publishedTrendsQuery } from '#app/models/trend.server.ts';
import { bidFormToken, handleBidAction } from '#app/services/bid-intake.server.ts';
import { cachedPageContent, loadSiteContext, loadTrialSessions } from '#app/services/site-page.server.ts';
import { useRootData } from '#app/shell/root-data.ts';
import type { Route } from './+types/home';

/** One row of coaches on a desktop; "Все тренеры" leads to the rest. */
const HOME_COACHES = 4;

/**
 * The gallery is a mosaic of one large picture and small ones in rows of four (two beside the large one): it is
 * complete with 5 or 9 pictures, so the home page shows the most of those that it has.
 */
function mosaicCount(count: number): number {
  if (count >= 9) return 9;
  if (count >= 5) return 5;
  return count;
}

export async function loader(args: Route.LoaderArgs) {
  const site = await loadSiteContext(args);
  const { db, gymId } = site;
  // Every block of the page in one round trip, kept until the next edit or the gym's next day.
  const content = await cachedPageContent(args, site, 'home', () =>
    db
      .selectNoFrom([
        jsonArrayFrom(publishedTrendsQuery(db)).as('trends'),
        jsonArrayFrom(currentPromosQuery(db, gymId, site.today)).as('promos'),
        jsonArrayFrom(publishedCardsQuery(db, gymId)).as('cards'),
        jsonArrayFrom(publishedCoachesQuery(db, { gymId }).limit(HOME_COACHES)).as('coaches'),
        jsonArrayFrom(galleryQuery(db, gymId)).as('gallery'),
        jsonArrayFrom(publishedPartnersQuery(db)).as('partners'),
      ])
      .executeTakeFirstOrThrow(),
  );
  return {
    gym: site.gym,
    timeZone: site.timeZone,
    origin: site.origin,
    trialSessions: await loadTrialSessions(args, site),
    token: bidFormToken(args.context),
    ...content,
  };
}

export const action = handleBidAction;
export const headers = publicPageHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  const gym = loaderData?.gym;
  return pageMeta({
    title: gym ? `${SITE_NAME} — фитнес-клуб: ${gym.name}` : `${SITE_NAME} — сеть фитнес-клубов`,
    description: gym?.description || DEFAULT_DESCRIPTION,
    origin: loaderData?.origin ?? '',
    path: '/',
    image: gym?.cover,
  });
}

/** A section's heading, with a link to the whole list when the section shows a part of it. */
function SectionHead({
  titleId,
  title,
  more,
}: {
  titleId: string;
  title: string;
  more: { to: string; label: string };
}) {
  return (
    <div className="section__head">
      <Heading level={2} id={titleId}>
        {title}
      </Heading>
      <Link to={more.to} className="section__more">
        {`${more.label} `}
        <Icon name="arrow-right" size={16} />
      </Link>
    </div>
  );
}

/**
 * A section of the page, titled `<name>-title`. Unless it is `interactive` (a form, the map), the browser keeps the
 * server's HTML of it instead of hydrating it (`ServerHtml`, ADR 51).
 */
function HomeSection({
  name,
  title,
  more,
  interactive = false,
  children,
}: {
  name: string;
  title: string;
  more?: { to: string; label: string };
  interactive?: boolean;
  children: ReactNode;
}) {
  const titleId = `${name}-title`;
  const content = (
    <>
      {more ? (
        <SectionHead titleId={titleId} title={title} more={more} />
      ) : (
        <Heading level={2} id={titleId}>
          {title}
        </Heading>
      )}
      {children}
    </>
  );
  return interactive ? (
    <section className="section container" aria-labelledby={titleId}>
      {content}
    </section>
  ) : (
    <ServerHtml as="section" className="section container" aria-labelledby={titleId}>
      {content}
    </ServerHtml>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { gym, trends, promos, cards, coaches, gallery, partners, token, timeZone, origin } = loaderData;
  const root = useRootData();
  const gyms = root?.gyms ?? [];
  return (
    <>
      <ServerHtml as="section" className="hero" aria-labelledby="hero-title">
        {gym?.cover ? <Image className="hero__image" image={gym.cover} priority /> : null}
        <div className="hero__content container">
          <p className="hero__eyebrow">Фитнес-клуб {SITE_NAME}</p>
          <Heading level={1} id="hero-title">
            {gym ? gym.name : SITE_NAME}
          </Heading>
          {gym ? (
            <p className="hero__meta">
              <span>
                <Icon name="map-pin" size={18} /> {gym.address}
              </span>
              <span>
                <Icon name="clock" size={18} /> {gym.openingHours}
              </span>
              {gym.email ? <a href={`mailto:${gym.email}`}>{gym.email}</a> : null}
            </p>
          ) : null}
          {gym?.description ? <p className="hero__lead">{gym.description}</p> : null}
          <div className="hero__actions">
            <a className="button button--primary" href="#trial">
              Первое занятие бесплатно
            </a>
            <SiteLink className="button button--ghost" to="/shedule">
              <Icon name="calendar" size={18} /> Расписание
            </SiteLink>
          </div>
        </div>
      </ServerHtml>

      <HomeSection name="trends" title="Направления" more={{ to: '/trends', label: 'Все направления' }}>
        <ul className="grid grid--3">
          {trends.map((trend) => (
            <TrendCard key={trend.id} trend={trend} />
          ))}
        </ul>
      </HomeSection>

      {promos.length ? (
        <ServerHtml as="section" className="section section--tinted" aria-labelledby="promos-title">
          <div className="container">
            <SectionHead titleId="promos-title" title="Акции" more={{ to: '/promos', label: 'Все акции' }} />
            <div className="grid grid--2 promo-grid">
              {promos.map((promo) => (
                <PromoCard key={promo.id} promo={promo} timeZone={timeZone}>
                  <Link className="button button--primary button--small" to={`/promos#promo-${promo.id}`}>
                    Участвовать
                  </Link>
                </PromoCard>
              ))}
            </div>
          </div>
        </ServerHtml>
      ) : null}

      <HomeSection name="cards" title="Клубные карты" interactive>
        <p className="section__lead">Цены действуют в {gymPhrase(gym?.name ?? SITE_NAME, { in: true })}.</p>
        <ul className="grid grid--cards">
          {cards.map((card) => (
            <PriceCard key={card.id} card={card} gymId={gym?.id ?? null} token={token} />
          ))}
        </ul>
      </HomeSection>

      {coaches.length ? (
        <HomeSection name="coaches" title="Тренеры клуба" more={{ to: '/coaches', label: 'Все тренеры' }}>
          <CoachGrid coaches={coaches} />
        </HomeSection>
      ) : null}

      {gallery.length ? (
        <HomeSection name="gallery" title="Как у нас">
          <ul className="gallery">
            {gallery.slice(0, mosaicCount(gallery.length)).map((item, index) => (
              <li key={item.id} className={index === 0 ? 'gallery__lead' : undefined}>
                <figure>
                  <Image image={item.image} alt={item.alt} width={index === 0 ? 800 : 400} />
                  {item.caption ? <figcaption>{item.caption}</figcaption> : null}
                </figure>
              </li>
            ))}
          </ul>
        </HomeSection>
      ) : null}

      <section className="section container trial" id="trial" aria-labelledby="trial-title">
        <div className="trial__text">
          <Heading level={2} id="trial-title">
            Первое занятие — бесплатно
          </Heading>
          <p>
            Оставьте телефон — администратор перезвонит, подберёт удобное время и направление. Возьмите удобную одежду,
            обувь и бутылку воды: полотенце выдадим.
          </p>
        </div>
        <TrialBidForm gymId={gym?.id ?? null} token={token} sessions={loaderData.trialSessions} />
      </section>

      {partners.length ? (
        <HomeSection name="partners" title="Партнёры">
          <ul className="grid grid--partners">
            {partners.map((partner) => (
              <li key={partner.id} className="partner">
                {partner.logo ? <Image image={partner.logo} width={160} className="partner__logo" /> : null}
                <div>
                  <a href={partner.url} target="_blank" rel="noopener noreferrer nofollow" className="partner__name">
                    {partner.name}
                    <span className="visually-hidden"> (в новой вкладке)</span>
                  </a>
                  <p>{partner.description}</p>
                </div>
              </li>
            ))}
          </ul>
        </HomeSection>
      ) : null}

      <HomeSection name="map" title="Клубы на карте" interactive>
        {gyms.length ? (
          <GymMap
            gyms={gyms}
            activeId={gym?.id ?? null}
            apiKey={root?.env.yandexMapsApiKey ?? null}
            nonce={root?.nonce}
          />
        ) : (
          <p className="empty">Адреса клубов появятся здесь совсем скоро.</p>
        )}
        <GymJsonLd gyms={gyms} origin={origin} nonce={root?.nonce} />
      </HomeSection>
    </>
  );
}
