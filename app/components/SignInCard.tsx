/**
 * The frame of every staff sign-in page — the password at `/login`, the code after it, setting up a required app —
 * so the steps of one sign-in look like one place (docs/staff-auth.md): the club's logo back to the site, a card
 * with the step, and a way out below it.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Heading } from '#app/components/Heading.tsx';
import { Icon } from '#app/components/Icon.tsx';
import { SITE_NAME } from '#app/lib/club.ts';
import { LOGO_URL } from '#app/lib/logo.ts';

export function SignInCard({
  title,
  lead,
  back = { to: '/', text: 'Вернуться на сайт' },
  children,
}: {
  title: string;
  lead?: ReactNode;
  /** The link under the card: back to the site unless the step offers another way out. */
  back?: { to: string; text: string };
  children: ReactNode;
}) {
  return (
    <section className="login" aria-labelledby="login-title">
      <Link to="/" className="logo login__logo" aria-label={`${SITE_NAME} — на главную`}>
        <img src={LOGO_URL} alt="" width={36} height={36} />
        <span>{SITE_NAME}</span>
      </Link>
      <div className="login__card">
        <Heading level={1} id="login-title">
          {title}
        </Heading>
        {lead ? <p className="login__lead">{lead}</p> : null}
        {children}
      </div>
      <p className="login__back">
        <Link to={back.to} className="login__back-link">
          <Icon name="chevron-left" size={16} /> {back.text}
        </Link>
      </p>
    </section>
  );
}
