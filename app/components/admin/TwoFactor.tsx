/** The pieces of two-factor sign-in shared by the sign-in pages and the member's profile page. */

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '#app/components/FormAlert.tsx';
import { SignInCard } from '#app/components/SignInCard.tsx';

/** The QR code for the app and the same secret as text, for apps on the same phone or typing by hand. */
export function TotpSetupPanel({ qrCode, secret }: { qrCode: string; secret: string }) {
  return (
    <div className="two-factor__setup">
      <ol className="two-factor__steps">
        <li>
          Установите на телефон приложение-аутентификатор (Яндекс Ключ, Google Authenticator, Microsoft Authenticator
          или любое другое с кодами TOTP).
        </li>
        <li>Отсканируйте QR-код в приложении или введите ключ вручную.</li>
        <li>Введите шестизначный код, который покажет приложение.</li>
      </ol>
      <img
        className="two-factor__qr"
        src={qrCode}
        width={200}
        height={200}
        alt="QR-код для приложения-аутентификатора"
      />
      <label className="two-factor__secret">
        <span>Ключ для ручного ввода</span>
        <input type="text" readOnly value={secret} spellCheck={false} autoComplete="off" />
      </label>
    </div>
  );
}

/** A code field: six digits from the app, or (where `recovery` is set) a recovery code as well. */
export function CodeField({
  label,
  recovery,
  error,
  className,
}: {
  label: string;
  recovery?: boolean;
  error?: string | null;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor="code-field">{label}</label>
      <input
        id="code-field"
        type="text"
        name="code"
        required
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={recovery ? 20 : 10}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'code-error' : undefined}
      />
    </div>
  );
}

export function CodeError({ error, className }: { error?: string | null; className: string }) {
  return <FormAlert message={error} className={className} id="code-error" />;
}

/** New recovery codes: shown once, right after they are made. */
export function RecoveryCodeList({ codes, children }: { codes: string[]; children?: ReactNode }) {
  return (
    <section className="two-factor__codes" aria-labelledby="recovery-codes-heading">
      <h2 id="recovery-codes-heading" className="two-factor__codes-title">
        Коды восстановления
      </h2>
      <p>
        Сохраните эти коды в надёжном месте: распечатайте или запишите в менеджер паролей. Каждый код позволяет войти
        один раз, если телефона нет под рукой. Больше они показаны не будут.
      </p>
      <ul aria-label="Коды восстановления">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}

/** A sign-in page's code step whose challenge has expired or was already used: what happened and the way back. */
export function SignInStepExpired({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SignInCard title={title}>
      <p className="login__error" role="alert">
        {children}
      </p>
      <Link to="/login" className="button button--primary login__submit">
        Войти снова
      </Link>
    </SignInCard>
  );
}
