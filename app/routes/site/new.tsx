import { Link } from 'react-router';
import { TrialBidForm } from '#app/components/BidForm.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { Icon } from '#app/components/Icon.tsx';
import { Image } from '#app/components/Image.tsx';
import { gymPhrase, SITE_NAME } from '#app/lib/club.ts';
import { LOGO_URL } from '#app/lib/logo.ts';
import { pageMeta, publicPageHeaders } from '#app/lib/seo.ts';
import { bidFormToken, handleBidAction } from '#app/services/bid-intake.server.ts';
import { loadSiteContext, loadTrialSessions } from '#app/services/site-page.server.ts';
import type { Route } from './+types/new';

export async function loader(args: Route.LoaderArgs) {
  const site = await loadSiteContext(args);
  return {
    gym: site.gym,
    // The visitor may come from an ad for any club: the form lets them choose (the active gym first chosen).
    gyms: site.gyms.map((gym) => ({ id: gym.id, name: gym.name })),
    origin: site.origin,
    trialSessions: await loadTrialSessions(args, site),
    token: bidFormToken(args.context),
  };
}

export const action = handleBidAction;
export const headers = publicPageHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: `Первая тренировка бесплатно | ${SITE_NAME}`,
    description:
      'Запишитесь на бесплатное пробное занятие: экскурсия по клубу, тренировка с тренером и подбор программы. Оставьте телефон — мы перезвоним.',
    origin: loaderData?.origin ?? '',
    path: '/new',
  });
}

const STEPS = [
  { title: 'Оставьте заявку', text: 'Администратор перезвонит в течение рабочего дня и подберёт удобное время.' },
  { title: 'Познакомьтесь с клубом', text: 'Покажем залы, раздевалки и студии, расскажем о картах и расписании.' },
  { title: 'Тренировка с тренером', text: 'Тренер узнает о ваших целях и здоровье, проведёт занятие в вашем темпе.' },
  { title: 'Решите без спешки', text: 'Никаких обязательств: карту можно купить потом — или не покупать вовсе.' },
];

export default function NewcomerLanding({ loaderData }: Route.ComponentProps) {
  const { gym, gyms, token } = loaderData;
  return (
    <div className="landing">
      <header className="landing__bar container">
        <Link to="/" className="logo">
          <img src={LOGO_URL} alt="" width={32} height={32} />
          <span>{SITE_NAME}</span>
        </Link>
        {gym?.phone ? (
          <a className="landing__phone" href={`tel:${gym.phone.replace(/[^\d+]/g, '')}`}>
            <Icon name="phone" size={16} /> {gym.phone}
          </a>
        ) : null}
      </header>
      <section className="landing__hero">
        {gym?.cover ? <Image className="landing__image" image={gym.cover} priority /> : null}
        <div className="container landing__grid">
          <div className="landing__offer">
            <p className="hero__eyebrow">Для новичков</p>
            <Heading level={1}>Первая тренировка — бесплатно</Heading>
            <p className="hero__lead">
              Попробуйте {gym ? gymPhrase(gym.name) : `клуб ${SITE_NAME}`} без обязательств: экскурсия, занятие с
              тренером и программа под ваши цели.
            </p>
            <ul className="checklist checklist--light">
              <li>
                <Icon name="check" size={18} /> Тренажёрный зал и групповые программы
              </li>
              <li>
                <Icon name="check" size={18} /> Полотенце и шкафчик включены
              </li>
              <li>
                <Icon name="check" size={18} /> Подходит, даже если вы никогда не занимались
              </li>
            </ul>
          </div>
          <div className="landing__form">
            <TrialBidForm
              gymId={gym?.id ?? null}
              token={token}
              headingLevel={2}
              gyms={gyms}
              sessions={loaderData.trialSessions}
              // With a choice of clubs the select names the club; one club is named with its address.
              lead={gym && gyms.length < 2 ? `${gymPhrase(gym.name, { atStart: true })}, ${gym.address}` : undefined}
            />
          </div>
        </div>
      </section>
      <section className="section container" aria-labelledby="steps-title">
        <Heading level={2} id="steps-title">
          Как проходит первый визит
        </Heading>
        <ol className="steps">
          {STEPS.map((step) => (
            <li key={step.title} className="steps__item">
              <Heading level={3}>{step.title}</Heading>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        <p className="landing__more">
          Хотите сначала осмотреться? <Link to="/shedule">Расписание</Link> · <Link to="/trends">Направления</Link> ·{' '}
          <Link to="/">Главная страница</Link>
        </p>
      </section>
    </div>
  );
}
