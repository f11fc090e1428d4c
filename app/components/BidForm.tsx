import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useActionData, useFetcher, useFormAction, useNavigation, useSearchParams } from 'react-router';
import { FormAlert } from '#app/components/FormAlert.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { Icon } from '#app/components/Icon.tsx';
import { GymOptions, OptionList } from '#app/components/OptionList.tsx';
import { reachGoal } from '#app/lib/analytics.ts';
import {
  BID_FORM_PARAM,
  BID_SENT_PARAM,
  type BidActionResult,
  type BidField,
  COMMENT_MAX,
  CONSENT_LABEL,
  NAME_MAX,
  type PublicBidKind,
  type SignupOutcome,
  SUBMIT_LABELS,
} from '#app/lib/bid-form.ts';
import { PRIVACY_LINK_TEXT, PRIVACY_PATH } from '#app/lib/privacy-policy.ts';
import { SIGNUP_EXISTING_PARAM, SIGNUP_STATE_PARAM } from '#app/lib/signup.ts';

interface BidFormProps {
  /** Unique on the page: tells this form's answer apart from the other forms'. */
  formId: string;
  kind: PublicBidKind | 'signup';
  subjectId?: number | null;
  gymId: number | null;
  /** Signed "shown at" token from the page loader. */
  token: string;
  title?: string;
  lead?: string;
  /** Smaller form on cards: the comment field is left out. */
  compact?: boolean;
  /** The title's heading level where the page's outline needs another than 3 (4 when compact). */
  headingLevel?: 2 | 3 | 4;
  /** More hidden fields (a sign-up's session). */
  hidden?: Record<string, string>;
  /** The gyms to choose from (`/new`); without them, or with one, the form is for `gymId`. */
  gyms?: ReadonlyArray<{ id: number; name: string }>;
  submitLabel?: string;
  /** The answer shown after success in place of the standard one (a sign-up's confirmation and manage link). */
  renderSent?: (signup: SignupOutcome | null, manage: string | null, existing: boolean) => ReactNode;
  /** The manage link the page got after a redirect (no JavaScript); a fetcher's answer carries its own. */
  sentManage?: string | null;
  /** An optional «E-mail» field (a sign-up's messages). */
  emailField?: boolean;
  /**
   * The trial's «Выбрать занятие» (docs/product/report.md): the next sessions with places left, as `slotId|date`
   * values; the choice is optional.
   */
  sessions?: ReadonlyArray<{ value: string; label: string }>;
}

/** True when the page shows this form's answer (an error or the success after a redirect): a folded form opens. */
export function useBidFormAnswered(formId: string): boolean {
  const actionData = useActionData<BidActionResult>();
  const fetcher = useFetcher<BidActionResult>({ key: `bid-${formId}` });
  const [searchParams] = useSearchParams();
  return (
    actionData?.formId === formId ||
    fetcher.data?.formId === formId ||
    (searchParams.get(BID_SENT_PARAM) === 'sent' && searchParams.get(BID_FORM_PARAM) === formId)
  );
}

/**
 * The bid form (docs/product/bids.md). Without JavaScript it is a plain POST to the page's action (errors come back
 * with the page, success after a redirect); with JavaScript a fetcher sends it: no reload, a pending state, the same
 * messages.
 */
/** The trial-session form (home and landing pages), for the visitor's gym. */
export function TrialBidForm(
  props: Pick<BidFormProps, 'gymId' | 'token' | 'headingLevel' | 'lead' | 'gyms' | 'sessions'>,
) {
  return <BidForm formId="trial" kind="trial" title="Записаться на пробное занятие" {...props} />;
}

export function BidForm({
  formId,
  kind,
  subjectId = null,
  gymId,
  token,
  title,
  lead,
  compact = false,
  headingLevel,
  hidden = {},
  gyms = [],
  submitLabel = SUBMIT_LABELS.bid,
  renderSent,
  sentManage = null,
  emailField = false,
  sessions = [],
}: BidFormProps) {
  // The page's outline decides the level (a form right under the h1 takes 2); the look stays that of a form title.
  const level = headingLevel ?? (compact ? 4 : 3);
  const look = headingLevel === undefined ? undefined : compact ? 'heading--4' : 'heading--3';
  const fetcher = useFetcher<BidActionResult>({ key: `bid-${formId}` });
  const actionData = useActionData<BidActionResult>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const [hydrated, setHydrated] = useState(false);
  const successRef = useRef<HTMLDivElement>(null);
  const id = useId();
  // Without JavaScript the page answering an error opens at this form, not at the top of a long page.
  const action = `${useFormAction()}#${formId}`;
  useEffect(() => setHydrated(true), []);

  const result =
    fetcher.data?.formId === formId ? fetcher.data : actionData?.formId === formId ? actionData : undefined;
  const sentByRedirect = searchParams.get(BID_SENT_PARAM) === 'sent' && searchParams.get(BID_FORM_PARAM) === formId;
  const sent = result?.status === 'sent' || (!result && sentByRedirect);
  const errorResult = result?.status === 'error' ? result : undefined;
  const errors = errorResult?.errors ?? {};
  const values = actionData?.formId === formId && actionData.status === 'error' ? actionData.values : undefined;
  const pending =
    fetcher.state !== 'idle' || (navigation.state === 'submitting' && navigation.formData?.get('formId') === formId);

  useEffect(() => {
    if (fetcher.data?.formId === formId && fetcher.data.status === 'sent') {
      reachGoal('bid', { kind: fetcher.data.kind, gym: fetcher.data.gymId });
      successRef.current?.focus();
    }
  }, [fetcher.data, formId]);

  const headingId = `${id}-title`;
  if (sent) {
    const stateParam = searchParams.get(SIGNUP_STATE_PARAM);
    const signup =
      result?.status === 'sent'
        ? (result.signup ?? null)
        : stateParam === 'booked' || stateParam === 'waiting'
          ? stateParam
          : null;
    const existing =
      result?.status === 'sent' ? Boolean(result.existing) : searchParams.get(SIGNUP_EXISTING_PARAM) === '1';
    const manage = result?.status === 'sent' ? (result.manage ?? null) : sentManage;
    return (
      <div id={formId} className="bid-form bid-form--sent" role="status" tabIndex={-1} ref={successRef}>
        <Icon name="check" size={32} className="bid-form__check" />
        {renderSent ? (
          renderSent(signup, manage, existing)
        ) : signup === 'booked' ? (
          <>
            <Heading level={headingLevel ?? 3} className={headingLevel === undefined ? undefined : 'heading--3'}>
              Вы записаны на пробное занятие
            </Heading>
            <p>Спасибо! Место на выбранном занятии за вами; администратор клуба перезвонит, чтобы всё подтвердить.</p>
            {manage ? (
              <p>
                <a href={manage}>Моя запись</a> — здесь её можно отменить или добавить в календарь.
              </p>
            ) : null}
          </>
        ) : (
          <>
            <Heading level={headingLevel ?? 3} className={headingLevel === undefined ? undefined : 'heading--3'}>
              Заявка отправлена
            </Heading>
            <p>Спасибо! Администратор клуба перезвонит вам в течение рабочего дня.</p>
          </>
        )}
      </div>
    );
  }

  const field = (name: BidField) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const message = (name: BidField) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="field__error">
        {errors[name]}
      </p>
    ) : null;

  return (
    <fetcher.Form
      method="post"
      action={action}
      id={formId}
      className={compact ? 'bid-form bid-form--compact' : 'bid-form'}
      aria-labelledby={title ? headingId : undefined}
      noValidate
    >
      {title ? (
        <Heading level={level} id={headingId} className={look}>
          {title}
        </Heading>
      ) : null}
      {lead ? <p className="bid-form__lead">{lead}</p> : null}
      <input type="hidden" name="formId" value={formId} />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="subjectId" value={subjectId ?? ''} />
      {gyms.length > 1 ? null : <input type="hidden" name="gymId" value={gymId ?? ''} />}
      <input type="hidden" name="token" value={errorResult?.token ?? token} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
      {/* A field people never see: bots fill it in. */}
      <div className="bid-form__trap" aria-hidden="true">
        <label htmlFor={`${id}-website`}>Сайт</label>
        <input id={`${id}-website`} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <FormAlert message={errorResult?.formError} className="bid-form__error" />

      {gyms.length > 1 ? (
        <div className="field">
          <label htmlFor={`${id}-gym`}>Клуб</label>
          <select id={`${id}-gym`} name="gymId" defaultValue={values?.gymId || String(gymId ?? '')}>
            <GymOptions gyms={gyms} />
          </select>
        </div>
      ) : null}
      <div className="bid-form__row">
        <div className="field">
          <label htmlFor={`${id}-name`}>Имя</label>
          <input
            {...field('name')}
            name="name"
            type="text"
            autoComplete="name"
            maxLength={NAME_MAX}
            required
            defaultValue={values?.name}
          />
          {message('name')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-phone`}>Телефон</label>
          <input
            {...field('phone')}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+7 912 345-67-89"
            maxLength={40}
            required
            defaultValue={values?.phone}
          />
          {message('phone')}
        </div>
      </div>
      {emailField ? (
        <div className="field">
          <label htmlFor={`${id}-email`}>
            E-mail <span className="field__optional">(необязательно, для писем о записи)</span>
          </label>
          <input
            {...field('email')}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            defaultValue={values?.email}
          />
          {message('email')}
        </div>
      ) : null}
      {sessions.length ? (
        <div className="field">
          <label htmlFor={`${id}-session`}>
            Выбрать занятие <span className="field__optional">(необязательно)</span>
          </label>
          <select {...field('session')} name="session" defaultValue={values?.session ?? ''}>
            <option value="">Не выбирать — администратор подберёт время</option>
            {/* The sessions are the shown gym's: with a choice of clubs the group names it. */}
            <optgroup label={gyms.find((gym) => gym.id === gymId)?.name ?? 'Ближайшие занятия'}>
              <OptionList options={sessions} />
            </optgroup>
          </select>
          {message('session')}
        </div>
      ) : null}
      {compact ? null : (
        <div className="field">
          <label htmlFor={`${id}-comment`}>
            Комментарий <span className="field__optional">(необязательно)</span>
          </label>
          <textarea
            {...field('comment')}
            name="comment"
            rows={3}
            maxLength={COMMENT_MAX}
            defaultValue={values?.comment}
          />
          {message('comment')}
        </div>
      )}
      <div className="field field--checkbox">
        <input {...field('consent')} name="consent" type="checkbox" required defaultChecked={values?.consent} />
        <label htmlFor={`${id}-consent`}>{CONSENT_LABEL} и на звонок администратора клуба</label>
        {/* Outside the label, so following the link does not tick the box; a new tab keeps what is typed. */}
        <p className="field__policy">
          <a href={PRIVACY_PATH} target="_blank" rel="noopener">
            {PRIVACY_LINK_TEXT}
          </a>
        </p>
        {message('consent')}
      </div>
      <button type="submit" className="button button--primary bid-form__submit" disabled={pending}>
        {pending ? 'Отправляем…' : submitLabel}
      </button>
    </fetcher.Form>
  );
}
