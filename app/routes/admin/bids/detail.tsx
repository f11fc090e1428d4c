import { data, Form, Link } from 'react-router';
import { z } from 'zod';
import {
  BID_STATUS_LABELS,
  BID_STATUSES,
  BID_TRANSITIONS,
  bidKindText,
  REPEAT_PHONE_DAYS,
  SIGNUP_STATE_LABELS,
} from '#app/admin/bids.ts';
import { adminTitle } from '#app/admin/nav.ts';
import { getStaff } from '#app/auth/staff.server.ts';
import { AdminField, FieldError } from '#app/components/admin/AdminField.tsx';
import { RosterLink } from '#app/components/admin/RosterLink.tsx';
import { StaffTime, useStaffClock } from '#app/components/admin/StaffTime.tsx';
import { TrialPath } from '#app/components/admin/TrialPath.tsx';
import { VisitorMessages } from '#app/components/admin/VisitorMessages.tsx';
import { FormAlert } from '#app/components/FormAlert.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { redirectWithFlash } from '#app/infra/flash.server.ts';
import { formText, parseFormData, readForm } from '#app/infra/form.server.ts';
import { notFound } from '#app/infra/not-found.server.ts';
import { getDb } from '#app/infra/services.server.ts';
import { ATTENDANCE_LABELS } from '#app/lib/attendance.ts';
import { BIDS_FORMS, countOf, DAYS_FORMS, formatDate, formatPhone } from '#app/lib/format.ts';
import { parseId } from '#app/lib/id.ts';
import { changeBidStatus, getBid } from '#app/models/admin/bids.server.ts';
import { listVisitorMessages } from '#app/models/visitor-message.server.ts';
import { managedGyms } from '#app/services/access.server.ts';
import { type ConsentPolicy, consentPolicy } from '#app/services/consent-policy.server.ts';
import { MAX_ATTEMPTS } from '#app/services/outbox-worker.server.ts';
import { bookFromBidPage, loadTrialPath, saveOutcome } from '#app/services/trial-path.server.ts';
import type { BidStatus } from '#db/schema.ts';
import type { Route } from './+types/detail';

function bidId(param: string): number {
  const id = parseId(param);
  if (id === null) notFound('Заявка не найдена');
  return id;
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const db = getDb(context);
  // The middleware already refused a bid of another gym; the bids of the same phone are limited the same way.
  const found = await getBid(db, bidId(params.id), managedGyms(getStaff(context)));
  if (!found) notFound('Заявка не найдена');
  // A sign-up's messages to the visitor: which went out and when (docs/product/signups.md, "Messages").
  const messages = (await listVisitorMessages(db, [found.bid.id], MAX_ATTEMPTS)).get(found.bid.id) ?? [];
  // The manage link's stored parts stay on the server (docs/security.md, "Manage links").
  const { manage_nonce: _nonce, manage_token_hash: _hash, ...bid } = found.bid;
  return {
    ...found,
    bid,
    messages,
    policy: await consentPolicy(db, found.bid.consent_version),
    trial: await loadTrialPath(context, found.bid),
  };
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle('Заявки') }];

const statusChange = z
  .object({
    status: z.custom<BidStatus>((value) => BID_STATUSES.includes(value as BidStatus), 'Выберите новый статус'),
    note: formText(2000),
    // A missing or broken version cannot match the bid's: the change is refused as a conflict.
    version: z.preprocess((value) => parseId(value) ?? 0, z.number()),
  })
  .refine((change) => change.status !== 'rejected' || change.note !== '', {
    path: ['note'],
    message: 'Укажите причину отказа',
  });

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = bidId(params.id);
  const form = await readForm(request);
  const intent = form.get('intent');
  if (intent === 'book' || intent === 'outcome') {
    const result = intent === 'book' ? await bookFromBidPage(context, id, form) : await saveOutcome(context, id, form);
    if (result.ok) return redirectWithFlash(`/admin/bids/${id}`, { kind: 'success', text: result.text });
    return data(
      { errors: {} as Record<string, string>, note: '', status: '', formError: null, trialError: result.text, intent },
      { status: result.status },
    );
  }
  const parsed = parseFormData(form, statusChange);
  const entered = { note: formText(2000).parse(form.get('note')), status: String(form.get('status') ?? '') };
  if (!parsed.success) {
    return data(
      { errors: parsed.errors, ...entered, formError: null, trialError: null, intent: 'status' },
      { status: 400 },
    );
  }

  const { status: to, note, version } = parsed.data;
  const result = await changeBidStatus(getDb(context), { id, version, to, note, staffUserId: getStaff(context).id });
  if (result === 'missing') notFound('Заявка не найдена');
  if (result !== 'ok') {
    const formError =
      result === 'conflict'
        ? 'Статус заявки уже изменил другой сотрудник. Обновите страницу и проверьте историю; ваша заметка осталась в форме.'
        : 'Такой переход статуса невозможен';
    return data(
      { errors: {} as Record<string, string>, ...entered, formError, trialError: null, intent: 'status' },
      { status: 409 },
    );
  }
  return redirectWithFlash(`/admin/bids/${id}`, { kind: 'success', text: `Статус: ${BID_STATUS_LABELS[to]}` });
}

/** «Политика от 1 декабря 2026 г., версия 1», as staff read the version a consent recorded. */
function policyName(policy: ConsentPolicy, timeZone: string): string {
  if (!policy.recorded) return 'текст политики не записан';
  if (policy.isDefault) return 'Встроенный текст политики (до того, как клуб написал свой)';
  const saved = policy.savedAt ? ` от ${formatDate(policy.savedAt, timeZone)}` : '';
  const version = policy.version !== null ? `, версия ${policy.version}` : '';
  const lost = policy.href ? '' : ' — этого текста больше нет в истории';
  return `Политика${saved}${version}${lost}`;
}

export default function BidPage({ loaderData, actionData }: Route.ComponentProps) {
  const { bid, events, samePhone, policy } = loaderData;
  const { network } = useStaffClock();
  const next = BID_TRANSITIONS[bid.status];
  const utm = Object.entries(bid.utm ?? {});
  // Every time on the page is the bid's gym's local time, as the club's staff read their clocks.
  const timeZone = bid.gym_time_zone;
  return (
    <section className="admin-section">
      <p>
        <Link to="/admin/bids" className="admin-link">
          ← Заявки
        </Link>
      </p>
      <Heading level={1}>
        Заявка №{bid.id}: {bid.name}
      </Heading>
      {samePhone.length ? (
        <div className="admin-hint" role="note">
          <p>
            С этого телефона за {countOf(REPEAT_PHONE_DAYS, DAYS_FORMS)} есть ещё{' '}
            {countOf(samePhone.length, BIDS_FORMS)}:
          </p>
          <ul>
            {samePhone.map((other) => (
              <li key={other.id}>
                <Link to={`/admin/bids/${other.id}`}>
                  №{other.id} от <StaffTime value={other.created_at} zone={other.gym_time_zone} />
                </Link>{' '}
                — {bidKindText(other.kind, other.subject_title)}, {BID_STATUS_LABELS[other.status]}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <dl className="admin-details">
        <dt>Статус</dt>
        <dd>
          <span className={`admin-status admin-status--${bid.status}`}>{BID_STATUS_LABELS[bid.status]}</span>
          {bid.status_changed_at ? (
            <span className="admin-muted">
              {' '}
              · {bid.changed_by_name || bid.changed_by_email || 'сотрудник'},{' '}
              <StaffTime value={bid.status_changed_at} zone={timeZone} />
            </span>
          ) : null}
        </dd>
        <dt>Телефон</dt>
        <dd>
          <a href={`tel:${bid.phone}`}>{formatPhone(bid.phone)}</a>
        </dd>
        <dt>Получена</dt>
        <dd>
          <StaffTime value={bid.created_at} zone={timeZone} />
          {bid.gym_time_zone ? <span className="admin-muted"> — время зала</span> : null}
        </dd>
        <dt>Зал</dt>
        <dd>{bid.gym_name ?? '—'}</dd>
        <dt>Тип</dt>
        <dd>{bidKindText(bid.kind, bid.subject_title)}</dd>
        {bid.kind === 'signup' && bid.signup_state ? (
          <>
            <dt>Запись</dt>
            <dd>
              {SIGNUP_STATE_LABELS[bid.signup_state]}
              {bid.slot_id !== null && bid.session_date ? (
                <>
                  {' · '}
                  <Link to={`/admin/bids?slot=${bid.slot_id}&date=${bid.session_date}`} className="admin-link">
                    все записи на это занятие
                  </Link>
                  <RosterLink slotId={bid.slot_id} date={bid.session_date} />
                </>
              ) : null}
            </dd>
            <dt>Посещение</dt>
            <dd>
              {bid.attendance ? (
                <>
                  <strong>{ATTENDANCE_LABELS[bid.attendance]}</strong>
                  {bid.walk_in ? ' (без записи)' : ''}
                  {bid.attendance_marked_at ? (
                    <span className="admin-muted">
                      {' '}
                      · <StaffTime value={bid.attendance_marked_at} zone={timeZone} />
                    </span>
                  ) : null}
                </>
              ) : (
                'не отмечено'
              )}
            </dd>
            {bid.trial_bid_id !== null ? (
              <>
                <dt>Пробное</dt>
                <dd>
                  <Link to={`/admin/bids/${bid.trial_bid_id}`}>по заявке №{bid.trial_bid_id}</Link>
                </dd>
              </>
            ) : null}
          </>
        ) : null}
        <dt>Комментарий</dt>
        <dd className="admin-pre">{bid.comment || '—'}</dd>
        <dt>Заметка сотрудника</dt>
        <dd className="admin-pre">{bid.staff_note || '—'}</dd>
        <dt>Страница</dt>
        <dd>{bid.source_page || '—'}</dd>
        {utm.length ? (
          <>
            <dt>UTM</dt>
            <dd>{utm.map(([key, value]) => `${key}=${value}`).join(', ')}</dd>
          </>
        ) : null}
        <dt>Согласие на обработку данных</dt>
        <dd>
          <StaffTime value={bid.consent_at} zone={timeZone} /> ·{' '}
          <span title={bid.consent_version}>
            {policy.href ? <Link to={policy.href}>{policyName(policy, network)}</Link> : policyName(policy, network)}
          </span>
        </dd>
      </dl>

      {loaderData.trial ? <TrialPath trial={loaderData.trial} actionData={actionData} timeZone={timeZone} /> : null}

      <Heading level={2}>Изменить статус</Heading>
      {/* A new key after each saved change: the form starts empty again (the saved note is shown above and in the
          history), with JavaScript as without it. */}
      <Form method="post" className="admin-form" noValidate key={bid.version}>
        <input type="hidden" name="version" value={bid.version} />
        <FormAlert message={actionData?.formError} className="admin-form__error" />
        <AdminField id="bid-status" label="Новый статус">
          <select id="bid-status" name="status" defaultValue={actionData?.status ?? next[0]}>
            {next.map((status) => (
              <option key={status} value={status}>
                {BID_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
          <FieldError error={actionData?.errors.status} />
        </AdminField>
        <AdminField id="bid-note" label="Заметка (для отказа — причина)">
          <textarea
            id="bid-note"
            name="note"
            rows={3}
            defaultValue={actionData?.note ?? ''}
            aria-invalid={actionData?.errors.note ? true : undefined}
            aria-describedby={actionData?.errors.note ? 'bid-note-error' : undefined}
          />
          <FieldError id="bid-note-error" error={actionData?.errors.note} />
        </AdminField>
        <button type="submit" className="admin-button">
          Сохранить статус
        </button>
      </Form>

      {loaderData.messages.length ? (
        <>
          <Heading level={2}>Сообщения посетителю</Heading>
          <VisitorMessages messages={loaderData.messages} timeZone={timeZone} />
        </>
      ) : null}

      <Heading level={2}>История</Heading>
      {events.length === 0 ? (
        <p className="admin-muted">Статус ещё не менялся.</p>
      ) : (
        <ol className="admin-history">
          {events.map((event) => (
            <li key={event.id}>
              <strong>
                {event.from_status ? BID_STATUS_LABELS[event.from_status] : '—'} → {BID_STATUS_LABELS[event.to_status]}
              </strong>{' '}
              <span className="admin-muted">
                {event.staff_name || event.staff_email || 'сотрудник'},{' '}
                <StaffTime value={event.created_at} zone={timeZone} />
              </span>
              {event.note ? <p className="admin-pre">{event.note}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
