import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { SIGNUP_STATE_LABELS } from '#app/admin/bids.ts';
import { AdminField } from '#app/components/admin/AdminField.tsx';
import { RosterLink } from '#app/components/admin/RosterLink.tsx';
import { StaffTime } from '#app/components/admin/StaffTime.tsx';
import { FormAlert } from '#app/components/FormAlert.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { OptionList } from '#app/components/OptionList.tsx';
import { ATTENDANCE_LABELS, OTHER_CARD, OTHER_CARD_TITLE, OUTCOME_LABELS } from '#app/lib/attendance.ts';
import { formatDate } from '#app/lib/format.ts';

type Attendance = keyof typeof ATTENDANCE_LABELS;
type TrialOutcome = keyof typeof OUTCOME_LABELS;
type SignupState = keyof typeof SIGNUP_STATE_LABELS;

interface TrialPathData {
  signups: Array<{
    id: number;
    slot_id: number | null;
    session_date: string | null;
    signup_state: SignupState | null;
    attendance: Attendance | null;
    subject_title: string;
    training_title: string | null;
    start: string | null;
  }>;
  came: boolean;
  canBook: boolean;
  choices: Array<{ value: string; label: string }>;
  cards: Array<{ id: number; title: string }>;
  reasons: readonly string[];
  outcome: { outcome: TrialOutcome; card: string | null; reason: string | null; at: Date | string | null } | null;
}

/**
 * A lead's way through the trial on its bid page (docs/product/report.md): «Записан на пробное» → «Пришёл» /
 * «Не пришёл» → «Купил абонемент» / «Не купил». Plain forms, no JavaScript needed.
 */
export function TrialPath({
  trial,
  actionData,
  timeZone,
}: {
  trial: TrialPathData;
  actionData: { trialError: string | null; intent: unknown } | undefined;
  timeZone: string | null;
}) {
  const error = (intent: string) => (actionData?.intent === intent ? actionData.trialError : null);
  const step = trial.outcome
    ? OUTCOME_LABELS[trial.outcome.outcome]
    : trial.came
      ? ATTENDANCE_LABELS.came
      : trial.signups.some((row) => row.attendance === 'no_show')
        ? ATTENDANCE_LABELS.no_show
        : trial.signups.some((row) => row.signup_state === 'booked')
          ? 'Записан на пробное'
          : 'Не записан';
  return (
    <section className="admin-trial" aria-labelledby="admin-trial-title">
      <Heading level={2} id="admin-trial-title">
        Пробное занятие: {step}
      </Heading>
      {trial.signups.length ? (
        <ul className="admin-trial__sessions">
          {trial.signups.map((row) => (
            <li key={row.id}>
              <Link to={`/admin/bids/${row.id}`}>
                {row.training_title ?? row.subject_title}
                {row.session_date ? `, ${formatDate(row.session_date)}` : ''}
                {row.start ? `, ${row.start}` : ''}
              </Link>{' '}
              — {row.signup_state ? SIGNUP_STATE_LABELS[row.signup_state] : ''}
              {row.attendance ? (
                <>
                  , <strong>{ATTENDANCE_LABELS[row.attendance]}</strong>
                </>
              ) : null}
              {row.slot_id !== null && row.session_date ? (
                <RosterLink slotId={row.slot_id} date={row.session_date} />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}

      {trial.canBook ? (
        <TrialForm intent="book" className="admin-trial__book" error={error('book')}>
          {trial.choices.length ? (
            <>
              <AdminField id="trial-session" label="Занятие">
                <select id="trial-session" name="session" defaultValue="">
                  <option value="" disabled>
                    Выберите занятие
                  </option>
                  <OptionList options={trial.choices} />
                </select>
              </AdminField>
              <button type="submit" className="admin-button">
                Записать на занятие
              </button>
            </>
          ) : (
            <p className="admin-muted">На ближайшую неделю в этом клубе нет занятий со свободными местами.</p>
          )}
        </TrialForm>
      ) : null}

      {trial.came ? (
        <TrialForm intent="outcome" className="admin-trial__outcome" error={error('outcome')}>
          <fieldset className="admin-trial__choice">
            <legend>Итог пробного</legend>
            <label>
              <input type="radio" name="outcome" value="bought" defaultChecked={trial.outcome?.outcome === 'bought'} />{' '}
              {OUTCOME_LABELS.bought}
            </label>
            <AdminField id="trial-card" label="Абонемент">
              <select
                id="trial-card"
                name="card"
                defaultValue={
                  trial.outcome?.outcome === 'bought'
                    ? (trial.cards.find((card) => card.title === trial.outcome?.card)?.id ?? OTHER_CARD)
                    : ''
                }
              >
                <option value="">—</option>
                {trial.cards.map((card) => (
                  <option key={card.id} value={card.id}>
                    {card.title}
                  </option>
                ))}
                <option value={OTHER_CARD}>{OTHER_CARD_TITLE}</option>
              </select>
            </AdminField>
            <label>
              <input
                type="radio"
                name="outcome"
                value="not_bought"
                defaultChecked={trial.outcome?.outcome === 'not_bought'}
              />{' '}
              {OUTCOME_LABELS.not_bought}
            </label>
            <AdminField id="trial-reason" label="Причина">
              <select id="trial-reason" name="reason" defaultValue={trial.outcome?.reason ?? ''}>
                <option value="">—</option>
                {trial.reasons.map((reason) => (
                  <option key={reason} value={reason}>
                    {reason}
                  </option>
                ))}
              </select>
            </AdminField>
          </fieldset>
          {trial.outcome?.at ? (
            <p className="admin-muted">
              Сейчас: {OUTCOME_LABELS[trial.outcome.outcome]} — {trial.outcome.card ?? trial.outcome.reason},{' '}
              <StaffTime value={trial.outcome.at} zone={timeZone} />
            </p>
          ) : null}
          <button type="submit" className="admin-button">
            Сохранить итог
          </button>
        </TrialForm>
      ) : trial.signups.length ? (
        <p className="admin-muted">Итог покупки записывается после отметки «Пришёл» в списке занятия.</p>
      ) : null}
    </section>
  );
}

/** A form of the trial path: posts its `intent` and shows that intent's refusal above its fields. */
function TrialForm(props: { intent: string; className: string; error: string | null; children: ReactNode }) {
  return (
    <Form method="post" className={`admin-form ${props.className}`} noValidate>
      <input type="hidden" name="intent" value={props.intent} />
      <FormAlert message={props.error} className="admin-form__error" />
      {props.children}
    </Form>
  );
}
