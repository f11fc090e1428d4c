import { Link } from 'react-router';
import { z } from 'zod';
import { adminTitle } from '#app/admin/nav.ts';
import { getStaff } from '#app/auth/staff.server.ts';
import { AuditList } from '#app/components/admin/AuditList.tsx';
import { BidsChart } from '#app/components/admin/BidsChart.tsx';
import { RecordActionForm } from '#app/components/admin/RecordActionForm.tsx';
import { TableHead } from '#app/components/admin/TableHead.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { redirectWithFlash } from '#app/infra/flash.server.ts';
import { formId, parseFormData, readForm } from '#app/infra/form.server.ts';
import { getDb, getServices } from '#app/infra/services.server.ts';
import { rosterHref } from '#app/lib/attendance.ts';
import { formatDate, formatPhone, NEW_BIDS_FORMS, plural } from '#app/lib/format.ts';
import {
  bidCounts,
  bidsPerDay,
  contentHealth,
  newBidsPerGym,
  recentChanges,
} from '#app/models/admin/dashboard.server.ts';
import { sessionsToWatch } from '#app/models/admin/signups.server.ts';
import { hasAnyGym } from '#app/models/gym.server.ts';
import { listDeadNotifications, retryDeadNotification } from '#app/models/outbox.server.ts';
import { countOverdueChanges } from '#app/models/scheduled-change.server.ts';
import { managedGyms, visibilityOf } from '#app/services/access.server.ts';
import { MAX_ATTEMPTS } from '#app/services/outbox-worker.server.ts';
import { schedulerClock } from '#app/services/scheduled-changes.server.ts';
import { getStaffClock } from '#app/services/staff-clock.server.ts';
import type { Route } from './+types/dashboard';

export async function loader({ context }: Route.LoaderArgs) {
  const db = getDb(context);
  const { network } = getStaffClock(context);
  const services = getServices(context);
  // A manager's figures count their gyms only (docs/product/roles.md); notifications are the admins' and editors'.
  const staff = getStaff(context);
  const scope = managedGyms(staff);
  const [counts, perGym, perDay, changes, health, anyGym, dead, sessions, overdue] = await Promise.all([
    bidCounts(db, scope),
    newBidsPerGym(db, scope),
    bidsPerDay(db, network, scope),
    recentChanges(db, 10, scope),
    contentHealth(db, network, visibilityOf(staff)),
    hasAnyGym(db),
    scope === null ? listDeadNotifications(db, MAX_ATTEMPTS) : Promise.resolve([]),
    sessionsToWatch(db, scope),
    // Late by more than 2 minutes: the scheduler is not running (docs/product/scheduling.md).
    countOverdueChanges(db, schedulerClock(services.env.TEST_CLOCK_FILE)()),
  ]);
  return {
    counts,
    perGym,
    perDay,
    changes,
    health,
    empty: !anyGym,
    dead,
    maxAttempts: MAX_ATTEMPTS,
    sessions,
    overdue,
  };
}

const retryForm = z.object({ intent: z.literal('retry-notification'), id: formId() });

/** "Отправить ещё раз" on a notification given up after the last attempt: a fresh set of attempts, audited. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = getStaff(context);
  const parsed = parseFormData(await readForm(request), retryForm);
  if (!parsed.success) throw new Response('Неизвестное действие', { status: 400 });
  const retried = await retryDeadNotification(getDb(context), parsed.data.id, MAX_ATTEMPTS, staff.id);
  return redirectWithFlash(
    '/admin',
    retried
      ? { kind: 'success', text: 'Уведомление снова в очереди: оно уйдёт в ближайшие секунды' }
      : { kind: 'info', text: 'Это уведомление уже отправлено или снова в очереди' },
  );
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle() }];

const CHANNEL_LABELS: Record<string, string> = {
  email: 'Письмо',
  webhook: 'Вебхук',
  sms: 'SMS посетителю',
  visitor_email: 'Письмо посетителю',
};

/** «занятие отменено — позвонить» and the phones, written as everywhere in the staff area. */
function CallBadge({ phones }: { phones: string[] }) {
  return (
    <span className="admin-call">
      <span className="admin-badge admin-badge--danger">занятие отменено — позвонить</span>{' '}
      {phones.map((phone, index) => (
        <span key={phone}>
          {index > 0 ? ', ' : null}
          <a href={`tel:${phone}`} className="admin-phone">
            {formatPhone(phone)}
          </a>
        </span>
      ))}
    </span>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { counts, perGym, perDay, changes, health, empty, dead, maxAttempts, sessions, overdue } = loaderData;
  const today = sessions.filter((session) => session.isToday);
  const toCall = sessions.filter((session) => session.cancelled);
  return (
    <section className="admin-section admin-dashboard">
      <Heading level={1}>Обзор</Heading>
      {empty ? (
        // A site started without the demo content (docs/demo-content.md): the first step for its staff.
        <p className="admin-flash admin-flash--info">
          Сайт пуст — начните с <Link to="/admin/gyms/new">добавления клуба</Link>.
        </p>
      ) : null}
      <div className="admin-cards">
        <Link to="/admin/bids?status=new" className="admin-stat">
          <span className="admin-stat__value">{counts.new}</span> {plural(counts.new, NEW_BIDS_FORMS)}
        </Link>
        <Link to="/admin/bids?status=in_progress" className="admin-stat">
          <span className="admin-stat__value">{counts.inProgress}</span> в работе
        </Link>
        <div className="admin-stat">
          <span className="admin-stat__value">{counts.week}</span> за 7 дней
        </div>
      </div>

      {today.length ? (
        <>
          <Heading level={2}>Сегодня</Heading>
          <ul className="admin-list admin-today">
            {today.map((session) => (
              <li key={`${session.slotId}-${session.date}`}>
                <Link to={`/admin/bids?slot=${session.slotId}&date=${session.date}`}>
                  {session.start} {session.trainingTitle}
                </Link>{' '}
                <span className="admin-muted">
                  · {session.gymName} · записано {session.booked}
                  {session.waiting ? `, ждут ${session.waiting}` : ''}
                </span>{' '}
                <Link to={rosterHref(session.slotId, session.date)} className="admin-link">
                  Отметить посещение
                </Link>
                {session.cancelled ? <CallBadge phones={session.phones} /> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <Heading level={2}>Новые заявки по залам</Heading>
      {perGym.length === 0 ? (
        <p className="admin-muted">Новых заявок нет.</p>
      ) : (
        <ul className="admin-list">
          {perGym.map((row) => (
            <li key={row.gym_id ?? 'none'}>
              <Link to={`/admin/bids?status=new${row.gym_id !== null ? `&gym=${row.gym_id}` : ''}`}>
                {row.name ?? 'Без зала'}
              </Link>
              : {Number(row.count)}
            </li>
          ))}
        </ul>
      )}

      <BidsChart days={perDay} />

      {overdue > 0 ? (
        <div className="admin-form__error" role="alert">
          <p>
            Запланированные изменения опаздывают: {overdue} не применены больше 2 минут после своего времени. Проверьте,
            что сервер работает, и посмотрите <Link to="/admin/scheduled">запланированные изменения</Link>.
          </p>
        </div>
      ) : null}

      {dead.length ? (
        <>
          <Heading level={2}>Неотправленные уведомления</Heading>
          <p className="admin-muted">
            Эти письма, вебхуки о заявках и сообщения посетителям не ушли после {maxAttempts} попыток. Исправьте причину
            (настройки почты, SMS-шлюза или адрес вебхука) и отправьте их ещё раз.
          </p>
          <table className="admin-table">
            <TableHead columns={['Заявка', 'Канал', 'Ошибка', 'Действия']} />
            <tbody>
              {dead.map((row) => (
                <tr key={row.id}>
                  <td>{row.bidId !== null ? <Link to={`/admin/bids/${row.bidId}`}>Заявка №{row.bidId}</Link> : '—'}</td>
                  <td>{CHANNEL_LABELS[row.channel]}</td>
                  <td>{row.lastError ?? '—'}</td>
                  <td>
                    <RecordActionForm id={row.id} intent="retry-notification">
                      Отправить ещё раз
                    </RecordActionForm>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}

      <Heading level={2}>Что стоит поправить</Heading>
      {toCall.length ? (
        <ul className="admin-list admin-list--warnings" aria-label="Отменённые занятия с записями">
          {toCall.map((session) => (
            <li key={`${session.slotId}-${session.date}`}>
              <Link to={`/admin/bids?slot=${session.slotId}&date=${session.date}`}>
                «{session.trainingTitle}», {formatDate(session.date)}, {session.start}
              </Link>{' '}
              <CallBadge phones={session.phones} />
            </li>
          ))}
        </ul>
      ) : null}
      {health.length === 0 && toCall.length === 0 ? (
        <p className="admin-muted">Замечаний нет.</p>
      ) : (
        <ul className="admin-list admin-list--warnings">
          {health.map((warning) => (
            <li key={warning.href + warning.text}>
              <Link to={warning.href}>{warning.text}</Link>
            </li>
          ))}
        </ul>
      )}

      <Heading level={2}>Последние изменения</Heading>
      <AuditList entries={changes} />
      <p>
        <Link to="/admin/audit" className="admin-link">
          Весь журнал →
        </Link>
      </p>
    </section>
  );
}
