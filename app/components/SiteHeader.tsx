import type { ComponentType, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { GymSelector } from '#app/components/GymSelector.tsx';
import { Icon } from '#app/components/Icon.tsx';
import { ServerHtml } from '#app/components/ServerHtml.tsx';
import { SiteNavLink } from '#app/components/SiteLink.tsx';
import { SITE_NAME } from '#app/lib/club.ts';
import { LOGO_URL } from '#app/lib/logo.ts';
import { PRIVACY_LINK_TEXT, PRIVACY_PATH } from '#app/lib/privacy-policy.ts';
import { useRootData } from '#app/shell/root-data.ts';
import { useGymState } from '#app/shell/ShellProvider.tsx';

const NAV_ITEMS = [
  { to: '/shedule', label: 'Расписание' },
  { to: '/trends', label: 'Направления' },
  { to: '/coaches', label: 'Тренеры' },
  { to: '/promos', label: 'Акции' },
  { to: '/new', label: 'Новичкам' },
] as const;

/** The site's sections as list items: in the header with prefetching links, in the footer with plain ones. */
function SectionLinks({ link: SectionLink }: { link: ComponentType<{ to: string; children: ReactNode }> }) {
  return NAV_ITEMS.map((item) => (
    <li key={item.to}>
      <SectionLink to={item.to}>{item.label}</SectionLink>
    </li>
  ));
}

export function SiteHeader() {
  const { gyms, activeId } = useGymState();
  const activeGym = gyms.find((gym) => gym.id === activeId);
  const { pathname } = useLocation();
  const navList = (
    <ul>
      <SectionLinks link={SiteNavLink} />
    </ul>
  );
  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Link to="/" className="logo" aria-label={`${SITE_NAME} — на главную`}>
          <img src={LOGO_URL} alt="" width={32} height={32} />
          <span>{SITE_NAME}</span>
        </Link>
        {/* Wide screens: the sections in one line. Phones get the same links in the menu below; only one of the
            two is displayed (and so exposed to assistive technology) at any width. */}
        <nav aria-label="Основная навигация" className="site-nav">
          {navList}
        </nav>
        <div className="site-header__gym">
          <GymSelector />
        </div>
        {activeGym?.phone ? (
          <a className="site-header__phone" href={`tel:${activeGym.phone.replace(/[^\d+]/g, '')}`}>
            <Icon name="phone" size={18} />
            <span className="site-header__phone-number">
              <span className="visually-hidden">Позвонить: </span>
              {activeGym.phone}
            </span>
          </a>
        ) : null}
        {/* A <details> menu opens without JavaScript; a new page (keyed by path) starts with it closed. */}
        <details className="site-menu" key={pathname}>
          <summary className="site-menu__toggle">
            <Icon name="menu" size={20} />
            Меню
          </summary>
          <nav aria-label="Основная навигация" className="site-menu__nav">
            {navList}
          </nav>
        </details>
      </div>
    </header>
  );
}

/** The footer never changes in the browser by itself: the server's HTML is kept (`ServerHtml`, ADR 51). */
export function SiteFooter() {
  const root = useRootData();
  return (
    <ServerHtml as="footer" className="site-footer">
      <div className="container site-footer__inner">
        <div>
          <p className="site-footer__brand">{SITE_NAME}</p>
          <p>Сеть спортивных клубов: тренажёрный зал, групповые программы, единоборства и йога.</p>
        </div>
        <div>
          <p className="site-footer__title">Клубы</p>
          <ul className="site-footer__gyms">
            {root?.gyms.map((gym) => (
              <li key={gym.id}>
                <strong>{gym.name}</strong>
                <br />
                {gym.address}
                {gym.phone ? (
                  <>
                    <br />
                    <a href={`tel:${gym.phone.replace(/[^\d+]/g, '')}`}>{gym.phone}</a>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Разделы сайта">
          <p className="site-footer__title">Разделы</p>
          <ul>
            <SectionLinks link={Link} />
          </ul>
        </nav>
      </div>
      <p className="container site-footer__legal">
        © {new Date().getFullYear()} {SITE_NAME}. Все права защищены. <Link to={PRIVACY_PATH}>{PRIVACY_LINK_TEXT}</Link>
      </p>
    </ServerHtml>
  );
}
