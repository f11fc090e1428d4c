/**
 * The weekly slots of one gym as a week: a column per weekday (stacked days on a phone), the slots in time order,
 * edit and delete for each, an add link per day, and the dated changes ahead by date (docs/product/staff.md).
 */

import { Link } from 'react-router';
import { adminTitle } from '#app/admin/nav.ts';
import { sectionByKey, sectionOfRoute } from '#app/admin/sections.ts';
import { getStaff } from '#app/auth/staff.server.ts';
import { DeleteButton } from '#app/components/admin/DeleteButton.tsx';
import { SectionTabs } from '#app/components/admin/SectionTabs.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { getDb } from '#app/infra/services.server.ts';
import { rosterHref } from '#app/lib/attendance.ts';
import { plural } from '#app/lib/format.ts';
import { parseId } from '#app/lib/id.ts';
import {
  addDays,
  addMinutes,
  hhmm,
  isoWeekday,
  sessionCapacity,
  todayIn,
  WEEKDAY_NAMES,
  WEEKDAY_SHORT,
} from '#app/lib/schedule.ts';
import { dayLabel, slotLabel, surname } from '#app/lib/slot-label.ts';
import {
  gymSignupCounts,
  gymUpcomingChanges,
  gymWeekSlots,
  listGymsForSchedule,
} from '#app/models/admin/schedule.server.ts';
import { managedGyms } from '#app/services/access.server.ts';
import type { Route } from './+types/week';

/** Where the dated changes of the schedule are kept (a tab of the same group). */
const CHANGES_PATH = '/admin/trainings/changes';

export async function loader({ context, url, pattern }: Route.LoaderArgs) {
  const section = sectionOfRoute(pattern);
  const db = getDb(context);
  // A manager sees the weeks of their own gyms only (docs/product/roles.md).
  const mine = managedGyms(getStaff(context));
  const gyms = (await listGymsForSchedule(db)).filter((candidate) => mine === null || mine.includes(candidate.id));
  const wanted = parseId(url.searchParams.get('gym_id'));
  const gym = gyms.find((candidate) => candidate.id === wanted) ?? gyms[0] ?? null;
  if (!gym) return { sectionKey: section.key, gyms: [], gym: null, slots: [], changes: [], todayWeekday: null };
  const today = todayIn(gym.time_zone);
  const [slots, changes, signups] = await Promise.all([
    gymWeekSlots(db, gym.id),
    gymUpcomingChanges(db, gym.id, gym.time_zone),
    gymSignupCounts(db, gym.id, today, addDays(today, 6)),
  ]);
  // Each slot's next session (today's included) and its sign-ups (docs/product/signups.md).
  const nextDate = (weekday: number) => addDays(today, (weekday - isoWeekday(today) + 7) % 7);
  const signupCount = (slotId: number, date: string, state: 'booked' | 'waiting') =>
    Number(
      signups.find((row) => row.slot_id === slotId && row.session_date === date && row.signup_state === state)?.count ??
        0,
    );
  return {
    sectionKey: section.key,
    gyms: gyms.map(({ id, name }) => ({ id, name })),
    gym: { id: gym.id, name: gym.name },
    slots: slots.map((slot) => {
      const date = nextDate(slot.weekday);
      const change = changes.find((row) => row.slot_id === slot.id && row.date === date);
      return {
        id: slot.id,
        weekday: slot.weekday,
        start: hhmm(slot.start_time),
        end: addMinutes(slot.start_time, slot.duration_min),
        room: slot.room,
        training: slot.training,
        trainingPublished: slot.training_published,
        coach: slot.coach ? surname(slot.coach) : null,
        label: slotLabel({ ...slot, startTime: slot.start_time }),
        // The session's own places where a dated change set them, as on the site.
        next: {
          date,
          capacity: sessionCapacity(slot.capacity, change),
          booked: signupCount(slot.id, date, 'booked'),
          waiting: signupCount(slot.id, date, 'waiting'),
          cancelled: change?.kind === 'cancelled',
        },
      };
    }),
    changes: changes.map((change) => ({
      id: change.id,
      date: change.date,
      kind: change.kind,
      note: change.note,
      what: slotLabel({ ...change, weekday: change.weekday, startTime: change.start_time }).replace(/^\S+ /, ''),
      label: slotLabel({ ...change, startTime: change.start_time }, change.date),
      substitute: change.substitute ? surname(change.substitute) : null,
      newStart: change.new_start_time ? hhmm(change.new_start_time) : null,
    })),
    todayWeekday: isoWeekday(today),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: adminTitle(
      loaderData?.gym ? `Расписание: ${loaderData.gym.name}` : sectionByKey(loaderData?.sectionKey ?? '')?.title,
    ),
  },
];

type WeekData = Route.ComponentProps['loaderData'];

export default function WeekPage({ loaderData }: Route.ComponentProps) {
  const { gyms, gym, slots, changes, todayWeekday } = loaderData;
  const section = sectionByKey(loaderData.sectionKey)!;
  const base = `/admin/${section.key}`;
  const gymQuery = gym ? `?gym_id=${gym.id}` : '';
  return (
    <section className="admin-section admin-week">
      {section.group ? <SectionTabs group={section.group} current={section.key} /> : null}
      <div className="admin-section__head">
        <Heading level={1}>{section.title}</Heading>
        {gym ? (
          <Link to={`${base}/new${gymQuery}`} className="admin-button">
            {section.newLabel}
          </Link>
        ) : null}
      </div>

      {gym ? (
        <>
          <nav className="admin-week__gyms" aria-label="Залы">
            {gyms.map((candidate) => (
              <Link
                key={candidate.id}
                to={`${base}?gym_id=${candidate.id}`}
                className="admin-week__gym"
                aria-current={candidate.id === gym.id ? 'page' : undefined}
              >
                {candidate.name}
              </Link>
            ))}
          </nav>
          <p className="admin-muted admin-week__summary">
            {gym.name}: {slots.length} {plural(slots.length, ['занятие', 'занятия', 'занятий'])} в неделю
          </p>
          <WeekGrid slots={slots} base={base} gymId={gym.id} todayWeekday={todayWeekday} />
          <Changes changes={changes} />
        </>
      ) : (
        <p>
          Залов пока нет. <Link to="/admin/gyms/new">Добавьте зал</Link>, затем его расписание.
        </p>
      )}
    </section>
  );
}

function WeekGrid({
  slots,
  base,
  gymId,
  todayWeekday,
}: {
  slots: WeekData['slots'];
  base: string;
  gymId: number;
  todayWeekday: number | null;
}) {
  return (
    <ol className="admin-week__grid" aria-label="Неделя">
      {WEEKDAY_NAMES.map((name, index) => {
        const weekday = index + 1;
        const daySlots = slots.filter((slot) => slot.weekday === weekday);
        const today = weekday === todayWeekday;
        return (
          <li
            key={name}
            className={`admin-week__day${today ? ' admin-week__day--today' : ''}`}
            aria-labelledby={`weekday-${weekday}`}
          >
            <h2 className="admin-week__dayname" id={`weekday-${weekday}`}>
              <span className="admin-week__short" aria-hidden="true">
                {WEEKDAY_SHORT[index]}
              </span>
              <span className="admin-week__long">{name}</span>
              {today ? <span className="admin-week__today">сегодня</span> : null}
              <span className="admin-week__count">{daySlots.length || ''}</span>
            </h2>
            {daySlots.length ? (
              <ul className="admin-week__slots">
                {daySlots.map((slot) => (
                  <li key={slot.id} className="admin-slot">
                    {/* The link's name is the slot's label («Пн 07:30 Хатха-йога (Новикова)»): the day and the
                        brackets are for screen readers only, the end time and the room for the eye only. */}
                    <Link to={`${base}/${slot.id}`} className="admin-slot__link">
                      <span className="admin-slot__time">
                        <span className="visually-hidden">{WEEKDAY_SHORT[index]} </span>
                        {slot.start}
                        <span aria-hidden="true">–{slot.end}</span>
                      </span>{' '}
                      <span className="admin-slot__title">{slot.training}</span>{' '}
                      <span className="admin-slot__meta">
                        {slot.coach ? (
                          <>
                            <span className="visually-hidden">({slot.coach})</span>
                            <span aria-hidden="true">{slot.coach}</span>
                          </>
                        ) : (
                          <span aria-hidden="true">без тренера</span>
                        )}
                        {slot.room ? <span aria-hidden="true"> · {slot.room}</span> : null}
                      </span>
                    </Link>
                    {slot.trainingPublished ? null : <span className="admin-slot__flag">тренировка скрыта</span>}
                    <SlotSignups slotId={slot.id} next={slot.next} />
                    <DeleteButton
                      to={`${base}/${slot.id}/delete`}
                      label={slot.label}
                      named
                      className="admin-slot__delete"
                    />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="admin-week__empty">Нет занятий</p>
            )}
            <Link
              to={`${base}/new?gym_id=${gymId}&weekday=${weekday}`}
              className="admin-week__add"
              aria-label={`Добавить занятие: ${name.toLowerCase()}`}
            >
              + Добавить
            </Link>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The next session's sign-ups, linked to the bid inbox filtered by that session; nothing for an open session. Short
 * on the card («24.11: 3 из 20, ждут 2»), the whole sentence as its title.
 */
function SlotSignups({ slotId, next }: { slotId: number; next: WeekData['slots'][number]['next'] }) {
  if (next.capacity === null && next.booked === 0 && next.waiting === 0) return null;
  const taken = next.capacity === null ? `${next.booked}` : `${next.booked} из ${next.capacity}`;
  const [, month, day] = next.date.split('-');
  const call = next.cancelled && next.booked + next.waiting > 0;
  return (
    <>
      <Link
        to={`/admin/bids?slot=${slotId}&date=${next.date}`}
        className="admin-slot__signups"
        title={`${dayLabel(next.date)}: записано ${taken}${next.waiting ? `, ожидают ${next.waiting}` : ''}`}
      >
        {day}.{month}: {taken}
        {next.waiting ? `, ждут ${next.waiting}` : ''}
      </Link>{' '}
      <Link
        to={rosterHref(slotId, next.date)}
        className="admin-slot__roster"
        aria-label={`Посещение: ${dayLabel(next.date)}`}
      >
        посещение
      </Link>
      {call ? (
        <span className="admin-badge admin-badge--danger admin-slot__call">занятие отменено — позвонить</span>
      ) : null}
    </>
  );
}

const CHANGE_WORDS: Record<string, string> = { cancelled: 'Отменено', changed: 'Замена' };

function Changes({ changes }: { changes: WeekData['changes'] }) {
  const dates = [...new Set(changes.map((change) => change.date))];
  return (
    <section className="admin-week__changes" aria-labelledby="week-changes">
      <div className="admin-section__head">
        <Heading level={2} id="week-changes">
          Изменения по датам
        </Heading>
        <Link to={`${CHANGES_PATH}/new`} className="admin-button admin-button--ghost">
          Добавить изменение
        </Link>
      </div>
      {dates.length === 0 ? (
        <p className="admin-muted">Впереди изменений нет: занятия идут по недельному расписанию.</p>
      ) : (
        <dl className="admin-changes">
          {dates.map((date) => (
            <div key={date} className="admin-changes__day">
              <dt>{dayLabel(date)}</dt>
              {changes
                .filter((change) => change.date === date)
                .map((change) => (
                  <dd key={change.id}>
                    <span className={`admin-status admin-changes__kind--${change.kind}`}>
                      {CHANGE_WORDS[change.kind] ?? change.kind}
                    </span>{' '}
                    <Link to={`${CHANGES_PATH}/${change.id}`} aria-label={`Изменить «${change.label}»`}>
                      {change.what}
                    </Link>
                    {change.kind === 'changed' ? (
                      <span className="admin-muted">
                        {' '}
                        {[
                          change.substitute ? `ведёт ${change.substitute}` : null,
                          change.newStart ? `начало в ${change.newStart}` : null,
                        ]
                          .filter(Boolean)
                          .join(', ')}
                      </span>
                    ) : null}
                    {change.note ? <span className="admin-muted"> — {change.note}</span> : null}
                  </dd>
                ))}
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
