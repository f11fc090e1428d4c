import { data, Form, Link } from 'react-router';
import { SIGNUP_STATE_LABELS } from '#app/admin/bids.ts';
import { staffPageMeta } from '#app/admin/nav.ts';
import { getStaff } from '#app/auth/staff.server.ts';
import { AdminField, FieldError } from '#app/components/admin/AdminField.tsx';
import { SessionPlace } from '#app/components/admin/SessionPlace.tsx';
import { StaffTime } from '#app/components/admin/StaffTime.tsx';
import { FormAlert } from '#app/components/FormAlert.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { redirectWithFlash } from '#app/infra/flash.server.ts';
import { parseFormData, readForm } from '#app/infra/form.server.ts';
import { notFound } from '#app/infra/not-found.server.ts';
import { getDb } from '#app/infra/services.server.ts';
import { ATTENDANCE_LABELS, isMarkable, MARK_DAYS, markWindow, rosterHref } from '#app/lib/attendance.ts';
import { bidSchema } from '#app/lib/bid-schema.ts';
import { formatDate, formatPhone } from '#app/lib/format.ts';
import { isoWeekday, todayIn, WEEKDAY_SHORT } from '#app/lib/schedule.ts';
import { parseSessionRef } from '#app/lib/signup.ts';
import { addWalkIn, listRoster, saveAttendance } from '#app/models/admin/roster.server.ts';
import { getSessionOverview } from '#app/models/admin/signups.server.ts';
import type { Attendance } from '#db/schema.ts';
import type { Route } from './+types/roster';

async function loadSession(context: Route.LoaderArgs['context'], url: URL) {
  const ref = parseSessionRef(url.searchParams);
  const session = ref ? await getSessionOverview(getDb(context), ref.slotId, ref.date) : null;
  if (!session) notFound('Занятие не найдено');
  return session;
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const session = await loadSession(context, url);
  const roster = await listRoster(getDb(context), session.slotId, session.date);
  return { session, roster, window: markWindow(session.date, todayIn(session.timeZone)) };
}

export const meta: Route.MetaFunction = () => staffPageMeta('Список занятия');

const walkInSchema = bidSchema.pick({ name: true, phone: true });

export async function action({ request, context, url }: Route.ActionArgs) {
  const session = await loadSession(context, url);
  const form = await readForm(request);
  const back = rosterHref(session.slotId, session.date);
  const staffUserId = getStaff(context).id;
  const window = markWindow(session.date, todayIn(session.timeZone));
  if (window !== 'open') {
    const formError =
      window === 'early'
        ? 'Отмечать посещение можно с дня занятия.'
        : `Отметки можно менять ${MARK_DAYS} дней после занятия: этот срок прошёл.`;
    return data({ formError, walkIn: null }, { status: 400 });
  }
  if (form.get('intent') === 'walk-in') {
    const parsed = parseFormData(form, walkInSchema);
    const entered = {
      name: String(form.get('name') ?? '').slice(0, 200),
      phone: String(form.get('phone') ?? '').slice(0, 40),
    };
    if (!parsed.success)
      return data({ formError: null, walkIn: { errors: parsed.errors, ...entered } }, { status: 400 });
    const result = await addWalkIn(getDb(context), {
      slotId: session.slotId,
      date: session.date,
      name: parsed.data.name,
      phone: parsed.data.phone,
      subjectTitle: `${session.trainingTitle} — ${formatDate(session.date)}, ${session.start}`,
      staffUserId,
    });
    if (result.outcome === 'missing') notFound('Занятие не найдено');
    return redirectWithFlash(back, {
      kind: result.outcome === 'added' ? 'success' : 'info',
      text:
        result.outcome === 'added'
          ? `${parsed.data.name}: отмечен «Пришёл» без записи`
          : 'Этот телефон уже есть в списке занятия: отметьте его в таблице',
    });
  }
  const marks = new Map<number, Attendance>();
  for (const [key, value] of form) {
    const match = /^mark-([1-9]\d{0,9})$/.exec(key);
    if (match && (value === 'came' || value === 'no_show')) marks.set(Number(match[1]), value);
  }
  if (marks.size === 0) {
    return data(
      { formError: 'Отметьте хотя бы одного человека: «Пришёл» или «Не пришёл».', walkIn: null },
      { status: 400 },
    );
  }
  const changed = await saveAttendance(getDb(context), {
    slotId: session.slotId,
    date: session.date,
    marks,
    staffUserId,
  });
  return redirectWithFlash(back, {
    kind: 'success',
    text: changed ? `Отметки сохранены (${changed})` : 'Отметки не изменились',
  });
}

/** A field of the walk-in form, with its error under it. */
function WalkInField(props: {
  name: 'name' | 'phone';
  label: string;
  type: 'text' | 'tel';
  value: string | undefined;
  error: string | undefined;
}) {
  const id = `walk-in-${props.name}`;
  return (
    <AdminField id={id} label={props.label}>
      <input
        id={id}
        name={props.name}
        type={props.type}
        inputMode={props.type === 'tel' ? 'tel' : undefined}
        maxLength={props.type === 'tel' ? 40 : 200}
        defaultValue={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} error={props.error} />
    </AdminField>
  );
}

export default function RosterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { session, roster, window } = loaderData;
  const weekday = WEEKDAY_SHORT[isoWeekday(session.date) - 1];
  const markable = roster.filter(isMarkable);
  const waiting = roster.filter((row) => row.signup_state === 'waiting');
  const lateCancels = roster.filter((row) => row.signup_state === 'cancelled' && row.late_cancel);
  const cameCount = markable.filter((row) => row.attendance === 'came').length;
  const open = window === 'open';
  const walkIn = actionData?.walkIn;
  return (
    <section className="admin-section admin-roster">
      <p>
        <Link to={`/admin/bids?slot=${session.slotId}&date=${session.date}`} className="admin-link">
          ← Записи на занятие
        </Link>
      </p>
      <Heading level={1}>
        {session.trainingTitle}: {weekday}, {formatDate(session.date)}, {session.start}
      </Heading>
      <SessionPlace session={session} />
      <p>
        Записано {markable.length}
        {session.capacity !== null ? ` из ${session.capacity}` : ''} · пришли {cameCount} · в листе ожидания{' '}
        {waiting.length}
      </p>
      {session.cancelled ? (
        <p className="admin-session__cancelled" role="alert">
          <strong>Занятие отменено.</strong>
        </p>
      ) : null}
      {window === 'early' ? (
        <p className="admin-hint" role="note">
          Отмечать посещение можно с дня занятия.
        </p>
      ) : null}
      {window === 'closed' ? (
        <p className="admin-hint" role="note">
          Отметки можно менять {MARK_DAYS} дней после занятия: этот срок прошёл.
        </p>
      ) : null}
      <FormAlert message={actionData?.formError} className="admin-form__error" />

      <Heading level={2}>Посещение</Heading>
      {markable.length === 0 ? (
        <p className="admin-muted">На это занятие никто не записан.</p>
      ) : (
        <Form method="post" className="admin-roster__form">
          <input type="hidden" name="intent" value="marks" />
          <ul className="admin-roster__list">
            {markable.map((row) => (
              <li key={row.id} className="admin-roster__person">
                <fieldset disabled={!open}>
                  <legend>
                    <Link to={`/admin/bids/${row.id}`}>{row.name}</Link>
                  </legend>
                  <p className="admin-muted admin-roster__meta">
                    <a href={`tel:${row.phone}`}>{formatPhone(row.phone)}</a>
                    {row.walk_in ? ' · без записи' : ''}
                    {row.promoted_at ? ' · из листа ожидания' : ''}
                    {row.trial_bid_id !== null ? ' · пробное' : ''}
                  </p>
                  <div className="admin-roster__marks">
                    {(['came', 'no_show'] as const).map((mark) => (
                      <label key={mark} className={`admin-roster__mark admin-roster__mark--${mark}`}>
                        <input
                          type="radio"
                          name={`mark-${row.id}`}
                          value={mark}
                          defaultChecked={row.attendance === mark}
                        />{' '}
                        {ATTENDANCE_LABELS[mark]}
                      </label>
                    ))}
                  </div>
                  {row.attendance_marked_at ? (
                    <p className="admin-muted admin-roster__meta">
                      {ATTENDANCE_LABELS[row.attendance!]}: {row.marked_by_name || row.marked_by_email || 'сотрудник'},{' '}
                      <StaffTime value={row.attendance_marked_at} zone={session.timeZone} />
                    </p>
                  ) : null}
                </fieldset>
              </li>
            ))}
          </ul>
          {open ? (
            <button type="submit" className="admin-button">
              Сохранить отметки
            </button>
          ) : null}
        </Form>
      )}

      {open ? (
        <>
          <Heading level={2}>Пришёл без записи</Heading>
          <Form method="post" className="admin-form admin-roster__walk-in" noValidate>
            <input type="hidden" name="intent" value="walk-in" />
            <WalkInField name="name" label="Имя" type="text" value={walkIn?.name} error={walkIn?.errors.name} />
            <WalkInField name="phone" label="Телефон" type="tel" value={walkIn?.phone} error={walkIn?.errors.phone} />
            <button type="submit" className="admin-button">
              Добавить: пришёл
            </button>
          </Form>
        </>
      ) : null}

      {waiting.length ? (
        <>
          <Heading level={2}>Лист ожидания</Heading>
          <ol className="admin-roster__plain">
            {waiting.map((row) => (
              <li key={row.id}>
                <Link to={`/admin/bids/${row.id}`}>{row.name}</Link> ·{' '}
                <a href={`tel:${row.phone}`}>{formatPhone(row.phone)}</a>
              </li>
            ))}
          </ol>
        </>
      ) : null}
      {lateCancels.length ? (
        <>
          <Heading level={2}>Поздние отмены</Heading>
          <ul className="admin-roster__plain">
            {lateCancels.map((row) => (
              <li key={row.id}>
                <Link to={`/admin/bids/${row.id}`}>{row.name}</Link> ·{' '}
                <a href={`tel:${row.phone}`}>{formatPhone(row.phone)}</a> · {SIGNUP_STATE_LABELS.cancelled}, поздняя
                отмена
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
