import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { Heading } from '#app/components/Heading.tsx';
import { MissingSession } from '#app/components/MissingSession.tsx';
import { SessionFact } from '#app/components/SessionFact.tsx';
import { hoursBefore, isLateCancel, longDate, maskPhone } from '#app/lib/booking.ts';
import { SITE_NAME } from '#app/lib/club.ts';
import { formatPhone } from '#app/lib/format.ts';
import { isoWeekOf, scheduleSearch } from '#app/lib/schedule.ts';
import { bookingOfToken, cancelOwnBooking, PERSONAL_HEADERS } from '#app/services/booking-page.server.ts';
import type { Route } from './+types/booking';

/** What the visitor may still do: cancel until the session starts (later than the deadline is a late cancellation). */
function actionsOf(view: Awaited<ReturnType<typeof bookingOfToken>>, now = new Date()) {
  const started = view.startsAt !== null && view.startsAt.getTime() <= now.getTime();
  const canCancel = (view.state === 'booked' || view.state === 'waiting') && !view.sessionCancelled && !started;
  const late =
    canCancel && view.state === 'booked' && view.startsAt !== null && view.rules !== null
      ? isLateCancel(view.startsAt, view.rules, now)
      : false;
  return { started, canCancel, late };
}

/** GET /b/:token — a visitor's own booking (docs/product/signups.md, "The manage link"). */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const view = await bookingOfToken(context, params.token);
  const { started, canCancel, late } = actionsOf(view);
  return data(
    {
      token: params.token,
      firstName: view.name.split(/\s+/)[0] ?? view.name,
      phone: maskPhone(view.phone),
      state: view.state,
      sessionCancelled: view.sessionCancelled,
      position: view.position,
      trainingTitle: view.trainingTitle,
      day: longDate(view.date),
      week: isoWeekOf(view.date),
      date: view.date,
      start: view.start,
      end: view.end,
      originalStart: view.originalStart,
      room: view.room,
      gymName: view.gymName,
      gymAddress: view.gymAddress,
      gymPhone: view.gymPhone,
      coachName: view.coachName,
      originalCoachName: view.originalCoachName,
      cancelHours: view.rules?.cancelHours ?? null,
      started,
      canCancel,
      late,
      confirming: canCancel && url.searchParams.get('cancel') === '1',
      justCancelled: url.searchParams.get('cancelled') === '1',
    },
    { headers: PERSONAL_HEADERS },
  );
}

/** POST /b/:token — «Да, отменить запись» (the confirmation step is `?cancel=1`, so no JavaScript is needed). */
export async function action({ context, params, request }: Route.ActionArgs) {
  const view = await bookingOfToken(context, params.token);
  const form = await request.formData().catch(() => new FormData());
  if (form.get('intent') !== 'cancel') throw new Response('Неизвестное действие', { status: 400 });
  const result = await cancelOwnBooking(context, view.id);
  if (result.outcome === 'started') {
    return data(
      { error: 'Занятие уже началось — отменить запись нельзя.' },
      { status: 409, headers: PERSONAL_HEADERS },
    );
  }
  return redirect(`/b/${params.token}?cancelled=1`, { headers: PERSONAL_HEADERS });
}

export function headers() {
  return new Headers(PERSONAL_HEADERS);
}

export function meta() {
  return [{ title: `Ваша запись | ${SITE_NAME}` }, { name: 'robots', content: 'noindex, nofollow' }];
}

/** The state in the visitor's words. */
function stateLine(loaderData: Route.ComponentProps['loaderData']): { text: string; tone: string } {
  if (loaderData.state === 'cancelled') return { text: 'Запись отменена', tone: 'muted' };
  if (loaderData.sessionCancelled) return { text: 'Занятие отменено', tone: 'danger' };
  if (loaderData.state === 'waiting') {
    return { text: `Вы в листе ожидания: вы ${loaderData.position ?? 1}-й`, tone: 'warning' };
  }
  return { text: 'Вы записаны', tone: 'success' };
}

export function ErrorBoundary() {
  return (
    <MissingSession
      className="booking"
      title="Запись не найдена"
      text="Ссылка неполная или неверная. Проверьте её в сообщении о записи или позвоните в клуб."
    />
  );
}

export default function BookingPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const state = stateLine(loaderData);
  const where = [loaderData.gymName, loaderData.room || null].filter(Boolean).join(', ');
  return (
    <div className="booking">
      <Heading level={1}>Ваша запись</Heading>
      {loaderData.justCancelled && loaderData.state === 'cancelled' ? (
        <p role="status" className="booking__notice">
          Запись отменена. Спасибо, что предупредили: место достанется другому.
        </p>
      ) : null}
      <section className="booking__card" aria-labelledby="booking-title">
        <p className={`badge badge--${state.tone} booking__state`}>{state.text}</p>
        <Heading level={2} id="booking-title" className="booking__title">
          {loaderData.trainingTitle}
        </Heading>
        {loaderData.state !== 'cancelled' && !loaderData.sessionCancelled && loaderData.originalStart ? (
          <p className="booking__change">
            Время изменено: начало в {loaderData.start} вместо {loaderData.originalStart}.
          </p>
        ) : null}
        {loaderData.state !== 'cancelled' && !loaderData.sessionCancelled && loaderData.originalCoachName ? (
          <p className="booking__change">
            Занятие проведёт другой тренер: {loaderData.coachName ?? 'тренер на замену'} вместо{' '}
            {loaderData.originalCoachName}.
          </p>
        ) : null}
        <dl className="signup__facts">
          <SessionFact icon="calendar" label="Дата">
            {loaderData.day}
          </SessionFact>
          <SessionFact icon="clock" label="Время">
            {loaderData.start}–{loaderData.end}
          </SessionFact>
          {where ? (
            <SessionFact icon="map-pin" label="Где">
              {where}
              {loaderData.gymAddress ? <span className="signup__address">{loaderData.gymAddress}</span> : null}
            </SessionFact>
          ) : null}
          {loaderData.coachName ? (
            <SessionFact icon="user" label="Тренер">
              {loaderData.coachName}
            </SessionFact>
          ) : null}
          <SessionFact label="Имя">{loaderData.firstName}</SessionFact>
          <SessionFact label="Телефон">{loaderData.phone}</SessionFact>
        </dl>
        {loaderData.state === 'waiting' && !loaderData.sessionCancelled ? (
          <p>Когда место освободится, оно перейдёт к вам само, по очереди, — мы пришлём сообщение.</p>
        ) : null}
        {loaderData.sessionCancelled && loaderData.state !== 'cancelled' ? (
          <p>
            Клуб отменил это занятие. Выберите другое в расписании{loaderData.gymPhone ? ' или позвоните нам' : ''}.
          </p>
        ) : null}
        <p>
          <a href={`/b/${loaderData.token}/booking.ics`} className="admin-link" download>
            Добавить в календарь (.ics)
          </a>
        </p>
      </section>

      {actionData?.error ? (
        <p role="alert" className="form-alert">
          {actionData.error}
        </p>
      ) : null}

      {loaderData.confirming ? (
        <section className="booking__confirm" aria-labelledby="booking-confirm-title">
          <Heading level={2} id="booking-confirm-title">
            Отменить запись?
          </Heading>
          <p>
            «{loaderData.trainingTitle}», {loaderData.day}, {loaderData.start}.{' '}
            {loaderData.state === 'booked'
              ? 'Ваше место перейдёт следующему в листе ожидания.'
              : 'Вы выйдете из листа ожидания.'}
          </p>
          {loaderData.late ? (
            <p className="booking__late">
              До начала меньше, чем {loaderData.cancelHours} ч.: это поздняя отмена. Место освободится, но в клубе её
              увидят.
            </p>
          ) : null}
          <Form method="post" className="booking__actions">
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" className="button button--danger" disabled={navigation.state !== 'idle'}>
              {navigation.state === 'submitting' ? 'Отменяем…' : 'Да, отменить запись'}
            </button>
            <Link to={`/b/${loaderData.token}`} className="button">
              Нет, оставить
            </Link>
          </Form>
        </section>
      ) : loaderData.canCancel ? (
        <p className="booking__actions">
          <Link to={`/b/${loaderData.token}?cancel=1`} className="button">
            Отменить запись
          </Link>
          {loaderData.cancelHours !== null && loaderData.state === 'booked' ? (
            <span className="muted">
              {' '}
              Не получается прийти — отмените, лучше {hoursBefore(loaderData.cancelHours)}.
            </span>
          ) : null}
        </p>
      ) : null}

      <p>
        <Link to={`/shedule${scheduleSearch({ week: loaderData.week, day: loaderData.date })}`}>Расписание</Link>
        {loaderData.gymPhone ? (
          <>
            {' '}
            · Вопросы — по телефону <a href={`tel:${loaderData.gymPhone}`}>{formatPhone(loaderData.gymPhone)}</a>
          </>
        ) : null}
      </p>
    </div>
  );
}
