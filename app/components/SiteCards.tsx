import type { ReactNode } from 'react';
import { BidForm, useBidFormAnswered } from '#app/components/BidForm.tsx';
import { Checklist } from '#app/components/Checklist.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { Icon } from '#app/components/Icon.tsx';
import { Image } from '#app/components/Image.tsx';
import { ServerHtml } from '#app/components/ServerHtml.tsx';
import { SiteLink } from '#app/components/SiteLink.tsx';
import { countOf, formatDate, formatPrice } from '#app/lib/format.ts';
import type { ImageRef } from '#app/lib/image-url.ts';

/**
 * A card's title: its link covers the whole card (`card--link`); at level 2 (a list right under the page's h1) it
 * looks like a level 3 one, so the card looks the same at every level.
 */
function CardTitle({ level, to, children }: { level: 2 | 3 | 4; to: string; children: ReactNode }) {
  return (
    <Heading level={level} className={level === 2 ? 'heading--3' : undefined}>
      <SiteLink to={to} className="card__link">
        {children}
      </SiteLink>
    </Heading>
  );
}

/** `headingLevel` as on CoachCard: 2 when the list sits right under the page's h1 (/trends), 3 under a section. */
export function TrendCard({
  trend,
  headingLevel = 3,
}: {
  trend: { id: number; title: string; summary: string; cover: ImageRef | null };
  headingLevel?: 2 | 3;
}) {
  return (
    <li className="card card--link">
      {trend.cover ? <Image className="card__image" image={trend.cover} width={400} /> : null}
      <div className="card__body">
        <CardTitle level={headingLevel} to={`/trends/${trend.id}`}>
          {trend.title}
        </CardTitle>
        <p>{trend.summary}</p>
      </div>
    </li>
  );
}

export interface CoachSummary {
  id: number;
  fullName: string;
  position: string;
  summary?: string;
  photo: ImageRef | null;
  trends?: Array<{ id: number; title: string }>;
}

/**
 * `headingLevel` follows the page's outline (a list right under the page's h1 uses 2); the card looks the same at
 * every level.
 */
export function CoachCard({
  coach,
  headingLevel = 3,
  priority = false,
}: {
  coach: CoachSummary;
  headingLevel?: 2 | 3 | 4;
  /** The first card of a list page: its photo is above the fold on a phone (loaded eagerly, high priority). */
  priority?: boolean;
}) {
  return (
    <li className="card card--link coach-card">
      {coach.photo ? (
        <Image className="card__image card__image--portrait" image={coach.photo} width={320} priority={priority} />
      ) : null}
      <div className="card__body">
        <CardTitle level={headingLevel} to={`/coaches/${coach.id}`}>
          {coach.fullName}
        </CardTitle>
        <p className="card__meta">{coach.position}</p>
        {coach.summary ? <p>{coach.summary}</p> : null}
        {coach.trends?.length ? (
          <ul className="tags" aria-label="Направления">
            {coach.trends.map((trend) => (
              <li key={trend.id} className="tag">
                {trend.title}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}

/** Coach cards in the four-column grid; `priorityFirst` on a list page whose first photo is above the fold. */
export function CoachGrid({
  coaches,
  headingLevel,
  priorityFirst = false,
}: {
  coaches: readonly CoachSummary[];
  headingLevel?: 2 | 3 | 4;
  priorityFirst?: boolean;
}) {
  return (
    <ul className="grid grid--4">
      {coaches.map((coach, index) => (
        <CoachCard key={coach.id} coach={coach} headingLevel={headingLevel} priority={priorityFirst && index === 0} />
      ))}
    </ul>
  );
}

/**
 * A detail page's "Тренеры" section, kept as the server's HTML while the page hydrates (ADR 51 in docs/decisions);
 * nothing when there are none.
 */
export function CoachesSection({ coaches, titleId }: { coaches: readonly CoachSummary[]; titleId: string }) {
  if (!coaches.length) return null;
  return (
    <ServerHtml as="section" className="section" aria-labelledby={titleId}>
      <Heading level={2} id={titleId}>
        Тренеры
      </Heading>
      <CoachGrid coaches={coaches} />
    </ServerHtml>
  );
}

export interface PriceCardData {
  id: number;
  title: string;
  description: string;
  price: number;
  validityMonths: number | null;
  validityVisits: number | null;
  features: string[];
  highlighted: boolean;
}

export function validityText(card: Pick<PriceCardData, 'validityMonths' | 'validityVisits'>): string {
  if (card.validityVisits) return countOf(card.validityVisits, ['посещение', 'посещения', 'посещений']);
  if (card.validityMonths === 12) return 'на год';
  if (card.validityMonths) return `на ${countOf(card.validityMonths, ['месяц', 'месяца', 'месяцев'])}`;
  return '';
}

export function PriceCard({ card, gymId, token }: { card: PriceCardData; gymId: number | null; token: string }) {
  const answered = useBidFormAnswered(`card-${card.id}`);
  return (
    <li className={card.highlighted ? 'card price-card price-card--highlighted' : 'card price-card'}>
      <div className="card__body">
        {card.highlighted ? <p className="price-card__badge">Выгоднее всего</p> : null}
        <Heading level={3}>{card.title}</Heading>
        <p className="price-card__price">
          {formatPrice(card.price)}
          <span className="price-card__validity">{validityText(card)}</span>
        </p>
        <p>{card.description}</p>
        <Checklist items={card.features} />
        <details className="price-card__order" open={answered || undefined}>
          <summary className="button button--small">Оставить заявку на карту</summary>
          <BidForm formId={`card-${card.id}`} kind="card" subjectId={card.id} gymId={gymId} token={token} compact />
        </details>
      </div>
    </li>
  );
}

export interface PromoData {
  id: number;
  title: string;
  text: string;
  endsOn: string;
  image: ImageRef | null;
  cardTitle: string | null;
  cardPrice: number | null;
}

export function PromoCard({
  promo,
  timeZone,
  children,
  headingLevel = 3,
  priority = false,
}: {
  promo: PromoData;
  timeZone: string;
  children?: ReactNode;
  /** 2 where the cards come right under the page's h1; the card looks the same. */
  headingLevel?: 2 | 3;
  /** The first card of /promos: its picture is above the fold on a phone (loaded eagerly, high priority). */
  priority?: boolean;
}) {
  return (
    <article className="card promo-card" aria-labelledby={`promo-${promo.id}-title`}>
      {promo.image ? <Image className="card__image" image={promo.image} width={640} priority={priority} /> : null}
      <div className="card__body">
        <p className="promo-card__until">
          <Icon name="calendar" size={16} /> до {formatDate(promo.endsOn, timeZone)}
        </p>
        <Heading
          level={headingLevel}
          id={`promo-${promo.id}-title`}
          className={headingLevel === 2 ? 'heading--3' : undefined}
        >
          {promo.title}
        </Heading>
        <p>{promo.text}</p>
        {promo.cardTitle && promo.cardPrice !== null ? (
          <p className="card__meta">
            Карта «{promo.cardTitle}», обычная цена {formatPrice(promo.cardPrice)}
          </p>
        ) : null}
        {children}
      </div>
    </article>
  );
}
