import { sql } from 'kysely';
import { Form, Link } from 'react-router';
import { z } from 'zod';
import {
  BID_KIND_LABELS,
  BID_KINDS,
  BID_STATUS_LABELS,
  BID_STATUSES,
  bidKindText,
  REPEAT_PHONE_DAYS,
  SIGNUP_STATE_LABELS,
} from '#app/admin/bids.ts';
import { adminTitle } from '#app/admin/nav.ts';
import { getStaff } from '#app/auth/staff.server.ts';
import { FilterForm } from '#app/components/admin/FilterForm.tsx';
import { FilterSelect } from '#app/components/admin/FilterSelect.tsx';
import { SessionPlace } from '#app/components/admin/SessionPlace.tsx';
import { StaffTime } from '#app/components/admin/StaffTime.tsx';
import { TableHead } from '#app/components/admin/TableHead.tsx';
import { VisitorMessages } from '#app/components/admin/VisitorMessages.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { visitorChannelsOf } from '#app/infra/env.server.ts';
import { redirectWithFlash } from '#app/infra/flash.server.ts';
import { formId, parseFormData, readForm } from '#app/infra/form.server.ts';
import { notFound } from '#app/infra/not-found.server.ts';
import { getDb, getServices } from '#app/infra/services.server.ts';
import { rosterHref } from '#app/lib/attendance.ts';
import { countOf, DAYS_FORMS, formatDate, formatPhone } from '#app/lib/format.ts';
import { parseId } from '#app/lib/id.ts';
import { isoWeekday, WEEKDAY_SHORT } from '#app/lib/schedule.ts';
import { placesCount } from '#app/lib/signup.ts';
import { type BidFilters, listBids, listGymOptions, parseBidFilters } from '#app/models/admin/bids.server.ts';
import { slotOptions } from '#app/models/admin/schedule.server.ts';
import {
  cancelSignup,
  getSessionOverview,
  listSessionSignups,
  promoteSignup,
} from '#app/models/admin/signups.server.ts';
import { listVisitorMessages } from '#app/models/visitor-message.server.ts';
import { managedGyms, recordAccess, visibleRecords } from '#app/services/access.server.ts';
import { MAX_ATTEMPTS } from '#app/services/outbox-worker.server.ts';
import { getStaffClock } from '#app/services/staff-clock.server.ts';
import type { Route } from './+types/list';

export async function loader({ context, url }: Route.LoaderArgs) {
  const db = getDb(context);
  // A manager's inbox holds their gyms' bids only (docs/product/roles.md).
  const staff = getStaff(context);
  const scope = managedGyms(staff);
  const filters = { ...parseBidFilters(url.searchParams, getStaffClock(context).network), scope };
  const after = parseId(url.searchParams.get('after'));
  if (scope && filters.slotId !== null && (await recordAccess(db, staff, 'schedule_slot', filters.slotId)) === 'none') {
    notFound('Запись не найдена');
  }
  const [page, gyms, slots, session] = await Promise.all([
    listBids(db, filters, after),
    listGymOptions(db, scope),
    slotOptions(db, visibleRecords(staff, 'schedule_slot', sql.ref('schedule_slots.id'))),
    filters.slotId !== null && filters.sessionDate !== null
      ? getSessionOverview(db, filters.slotId, filters.sessionDate)
      : null,
  ]);
  // Per sign-up of the session view: which messages went out and when (docs/product/signups.md, "Messages").
  const messages = session
    ? Object.fromEntries(
        await listVisitorMessages(
          db,
          page.bids.filter((bid) => bid.kind === 'signup').map((bid) => bid.id),
          MAX_ATTEMPTS,
        ),
      )
    : {};
  const signupMarks = session
    ? Object.fromEntries(
        (await listSessionSignups(db, session.slotId, session.date)).map((row) => [
          row.id,
          { late: row.late_cancel, by: row.cancelled_by, promoted: row.promoted_at !== null },
        ]),
      )
    : {};
  return { ...page, gyms, slots, session, filters, isFirstPage: after === null, messages, signupMarks };
}

const signupChange = z.object({
  intent: z.enum(['cancel', 'promote'], { error: 'Неизвестное действие' }),
  id: formId('Запись не найдена'),
});

/** Cancelling a sign-up (its place becomes free) or moving a waiting person to a free place (docs/product/signups.md). */
export async function action({ request, context, url }: Route.ActionArgs) {
  const parsed = parseFormData(await readForm(request), signupChange);
  // Back to the same inbox view, filters kept.
  const back = `/admin/bids${url.search}`;
  if (!parsed.success) {
    return redirectWithFlash(back, { kind: 'error', text: Object.values(parsed.errors)[0] ?? 'Неверный запрос' });
  }
  const { intent, id } = parsed.data;
  const input = { id, staffUserId: getStaff(context).id, channels: visitorChannelsOf(getServices(context).env) };
  const result =
    intent === 'cancel' ? await cancelSignup(getDb(context), input) : await promoteSignup(getDb(context), input);
  const text = {
    ok: intent === 'cancel' ? 'Запись отменена, место освободилось' : 'Переведён из листа ожидания на свободное место',
    missing: 'Запись не найдена',
    invalid:
      intent === 'cancel'
        ? 'Эта запись уже отменена'
        : 'Перевести нельзя: человек уже не в листе ожидания или занятие отменено',
    full: 'Свободных мест нет: сначала отмените чью-то запись',
  }[result];
  return redirectWithFlash(back, { kind: result === 'ok' ? 'success' : 'error', text });
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle('Заявки') }];

const STATUS_OPTIONS = BID_STATUSES.map((status) => ({ value: status, label: BID_STATUS_LABELS[status] }));
const KIND_OPTIONS = BID_KINDS.map((kind) => ({ value: kind, label: BID_KIND_LABELS[kind] }));

function filterParams(filters: BidFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.gymId !== null) params.set('gym', String(filters.gymId));
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.q) params.set('q', filters.q);
  if (filters.slotId !== null) params.set('slot', String(filters.slotId));
  if (filters.sessionDate) params.set('date', filters.sessionDate);
  return params;
}

type Loader = Route.ComponentProps['loaderData'];

/** One sign-up's state in the session view, with the staff actions that apply to it. */
function SignupCell({
  bid,
  session,
  messages,
  marks,
}: {
  bid: Loader['bids'][number];
  session: Loader['session'];
  messages: Loader['messages'][number] | undefined;
  marks: Loader['signupMarks'][number] | undefined;
}) {
  if (bid.kind !== 'signup' || !bid.signup_state) return null;
  const sameSession = session !== null && bid.slot_id === session.slotId && bid.session_date === session.date;
  const position = sameSession ? session.waitingOrder.indexOf(bid.id) + 1 : 0;
  const canPromote =
    sameSession && bid.signup_state === 'waiting' && !session.cancelled && (session.placesLeft ?? 1) > 0;
  return (
    <>
      <span className={`admin-signup admin-signup--${bid.signup_state}`}>
        {SIGNUP_STATE_LABELS[bid.signup_state]}
        {bid.signup_state === 'waiting' && position > 0 ? `, № ${position}` : null}
      </span>
      {marks?.late ? <span className="admin-badge admin-badge--warning">поздняя отмена</span> : null}
      {bid.signup_state === 'cancelled' && marks?.by === 'visitor' ? (
        <span className="admin-muted"> · отменил посетитель</span>
      ) : null}
      {bid.signup_state === 'booked' && marks?.promoted ? (
        <span className="admin-muted"> · из листа ожидания</span>
      ) : null}
      {bid.session_cancelled && bid.signup_state !== 'cancelled' ? (
        <span className="admin-badge admin-badge--danger">занятие отменено — позвонить</span>
      ) : null}
      {bid.signup_state !== 'cancelled' ? (
        <Form method="post" className="admin-inline-form">
          <input type="hidden" name="id" value={bid.id} />
          {canPromote ? (
            <button type="submit" name="intent" value="promote" className="admin-button admin-button--small">
              Перевести из листа ожидания
            </button>
          ) : null}
          <button
            type="submit"
            name="intent"
            value="cancel"
            className="admin-button admin-button--small admin-button--ghost"
            aria-label={`Отменить запись: ${bid.name}`}
          >
            Отменить запись
          </button>
        </Form>
      ) : null}
      <VisitorMessages messages={messages ?? []} timeZone={bid.gym_time_zone} />
    </>
  );
}

/** The session's admin view: what and when, its places, and the people to call when it is cancelled. */
function SessionOverview({ session }: { session: NonNullable<Loader['session']> }) {
  const weekday = WEEKDAY_SHORT[isoWeekday(session.date) - 1];
  return (
    <section className="admin-session" aria-labelledby="admin-session-title">
      <Heading level={2} id="admin-session-title">
        {session.trainingTitle}: {weekday}, {formatDate(session.date)}, {session.start}
      </Heading>
      <SessionPlace session={session} />
      <p>
        {session.capacity === null ? (
          <>Без ограничения мест · записано {session.booked}</>
        ) : (
          <>
            Мест: {session.capacity} · записано {session.booked} · свободно{' '}
            <strong>{placesCount(session.placesLeft ?? 0)}</strong>
          </>
        )}{' '}
        · в листе ожидания {session.waiting}
      </p>
      <p>
        <Link to={rosterHref(session.slotId, session.date)} className="admin-button admin-button--small">
          Список занятия: отметить посещение
        </Link>
      </p>
      {session.placeFreedForStaff ? (
        <p className="admin-session__freed" role="status">
          <strong>Освободилось место.</strong> До начала осталось мало времени, поэтому из листа ожидания никто не
          переведён сам: позвоните первому в листе и нажмите «Перевести из листа ожидания».
        </p>
      ) : null}
      {session.cancelled ? (
        <div className="admin-session__cancelled" role="alert">
          <p>
            <strong>Занятие отменено.</strong>{' '}
            {session.toCall.length
              ? 'Позвоните записавшимся и тем, кто в листе ожидания:'
              : 'Записавшихся нет — звонить никому не нужно.'}
          </p>
          {session.toCall.length ? (
            <ul aria-label="Кому позвонить">
              {session.toCall.map((row) => (
                <li key={row.id}>
                  <a href={`tel:${row.phone}`} className="admin-phone">
                    {formatPhone(row.phone)}
                  </a>{' '}
                  — {row.name}
                  {row.signup_state === 'waiting' ? ' (лист ожидания)' : ''}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

export default function BidInbox({ loaderData }: Route.ComponentProps) {
  const { bids, nextAfter, gyms, slots, session, filters, isFirstPage } = loaderData;
  const sessionView = filters.slotId !== null || filters.sessionDate !== null;
  const params = filterParams(filters);
  const nextParams = new URLSearchParams(params);
  if (nextAfter !== null) nextParams.set('after', String(nextAfter));
  return (
    <section className="admin-section">
      <div className="admin-section__head">
        <Heading level={1}>Заявки</Heading>
        <a href={`/admin/bids/export.csv?${params}`} className="admin-button admin-button--ghost" download>
          Скачать CSV
        </a>
      </div>
      <FilterForm label="Фильтры заявок" resetTo={params.size ? '/admin/bids' : undefined}>
        <FilterSelect label="Статус" name="status" value={filters.status} options={STATUS_OPTIONS} />
        <FilterSelect
          label="Зал"
          name="gym"
          value={filters.gymId}
          options={gyms.map((gym) => ({ value: String(gym.id), label: gym.name }))}
        />
        <FilterSelect label="Тип" name="kind" value={filters.kind} options={KIND_OPTIONS} />
        <label>
          <span>С даты</span>
          <input type="date" name="from" defaultValue={filters.from ?? ''} />
        </label>
        <label>
          <span>По дату</span>
          <input type="date" name="to" defaultValue={filters.to ?? ''} />
        </label>
        <label>
          <span>Имя или телефон</span>
          <input type="search" name="q" defaultValue={filters.q} />
        </label>
        <FilterSelect label="Занятие" name="slot" value={filters.slotId} options={slots} />
        <label>
          <span>Дата занятия</span>
          <input type="date" name="date" defaultValue={filters.sessionDate ?? ''} />
        </label>
      </FilterForm>

      {session ? <SessionOverview session={session} /> : null}
      {filters.slotId !== null && filters.sessionDate === null ? (
        <p className="admin-muted">Выберите дату занятия, чтобы увидеть места и лист ожидания.</p>
      ) : null}

      {bids.length === 0 ? (
        <p>{sessionView ? 'На это занятие никто не записался.' : 'Заявок не найдено.'}</p>
      ) : (
        <table className="admin-table">
          <TableHead
            columns={['Дата (время зала)', 'Имя', 'Телефон', 'Зал', 'Тип', 'Статус', sessionView ? 'Запись' : null]}
          />
          <tbody>
            {bids.map((bid) => (
              <tr key={bid.id} className={bid.status === 'new' ? 'admin-table__row--new' : undefined}>
                <td data-label="Дата">
                  <StaffTime value={bid.created_at} zone={bid.gym_time_zone} />
                </td>
                <td data-label="Имя">
                  <Link to={`/admin/bids/${bid.id}`}>{bid.name}</Link>
                </td>
                <td data-label="Телефон">
                  <a href={`tel:${bid.phone}`} className="admin-phone">
                    {formatPhone(bid.phone)}
                  </a>
                  {bid.repeat_phone ? (
                    <span
                      className="admin-badge"
                      title={`Этот телефон уже оставлял заявку за ${countOf(REPEAT_PHONE_DAYS, DAYS_FORMS)}`}
                    >
                      повторная
                    </span>
                  ) : null}
                </td>
                <td data-label="Зал">{bid.gym_name ?? '—'}</td>
                <td data-label="Тип">
                  {bid.kind === 'signup' && bid.slot_id !== null && bid.session_date ? (
                    <>
                      {BID_KIND_LABELS[bid.kind]}
                      {' · '}
                      <Link to={`/admin/bids?slot=${bid.slot_id}&date=${bid.session_date}`} className="admin-link">
                        {bid.subject_title}
                      </Link>
                      {!sessionView && bid.signup_state ? (
                        <span className="admin-muted"> · {SIGNUP_STATE_LABELS[bid.signup_state]}</span>
                      ) : null}
                      {!sessionView && bid.session_cancelled && bid.signup_state !== 'cancelled' ? (
                        <span className="admin-badge admin-badge--danger">занятие отменено — позвонить</span>
                      ) : null}
                    </>
                  ) : (
                    bidKindText(bid.kind, bid.subject_title)
                  )}
                </td>
                <td data-label="Статус">
                  <span className={`admin-status admin-status--${bid.status}`}>{BID_STATUS_LABELS[bid.status]}</span>
                </td>
                {sessionView ? (
                  <td data-label="Запись">
                    <SignupCell
                      bid={bid}
                      session={session}
                      messages={loaderData.messages[bid.id]}
                      marks={loaderData.signupMarks[bid.id]}
                    />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav className="admin-pagination" aria-label="Страницы">
        {!isFirstPage ? <Link to={`/admin/bids?${params}`}>← К самым новым</Link> : null}
        {nextAfter !== null ? <Link to={`/admin/bids?${nextParams}`}>Следующие →</Link> : null}
      </nav>
    </section>
  );
}
