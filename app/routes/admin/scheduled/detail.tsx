import { data, Form, Link, useNavigation } from 'react-router';
import { z } from 'zod';
import { staffPageMeta } from '#app/admin/nav.ts';
import { changedFields, revisionData, revisionText } from '#app/admin/revisions.ts';
import { SCHEDULED_ACTION_LABELS, SCHEDULED_TITLE } from '#app/admin/scheduling.ts';
import { recordPath, sectionByKey } from '#app/admin/sections.ts';
import { getStaff } from '#app/auth/staff.server.ts';
import { AdminField } from '#app/components/admin/AdminField.tsx';
import { StaffTime } from '#app/components/admin/StaffTime.tsx';
import { TableHead } from '#app/components/admin/TableHead.tsx';
import { FormAlert } from '#app/components/FormAlert.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { redirectWithFlash } from '#app/infra/flash.server.ts';
import { parseFormData, readForm } from '#app/infra/form.server.ts';
import { notFound } from '#app/infra/not-found.server.ts';
import { getDb, getServices } from '#app/infra/services.server.ts';
import { parseId } from '#app/lib/id.ts';
import { staffTimeText, zoneLabel } from '#app/lib/staff-time.ts';
import { getRow, loadOptions, optionSources } from '#app/models/admin/content.server.ts';
import { gymNamesOfRecords } from '#app/models/record-gyms.server.ts';
import {
  cancelScheduledChange,
  getScheduledChange,
  updateScheduledChange,
} from '#app/models/scheduled-change.server.ts';
import { visibilityOf } from '#app/services/access.server.ts';
import { recordZone } from '#app/services/revisions.server.ts';
import { localMomentValue, readScheduleFields, schedulerClock } from '#app/services/scheduled-changes.server.ts';
import { getStaffClock } from '#app/services/staff-clock.server.ts';
import type { Database } from '#db/index.ts';
import type { Route } from './+types/detail';

async function findChange(db: Database, param: string, path: string) {
  const id = parseId(param);
  const change = id === null ? undefined : await getScheduledChange(db, id);
  const section = change ? sectionByKey(change.section) : undefined;
  if (!change || !section) notFound(`Запланированное изменение не найдено: ${path}`);
  return { change, section };
}

/** One scheduled change: what it will change against the record as it is now, when, and a form to move or cancel it. */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const db = getDb(context);
  const { change, section } = await findChange(db, params.id, url.pathname);
  const row = await getRow(db, section, change.record_id);
  const zone = (await recordZone(db, section, change.record_id, undefined)) ?? getStaffClock(context).network;
  const scheduled = change.data ? (typeof change.data === 'string' ? JSON.parse(change.data) : change.data) : null;
  const options = await loadOptions(db, optionSources(section), visibilityOf(getStaff(context)));
  const current = row ? revisionData(section, row) : null;
  const next = scheduled ? revisionData(section, scheduled as Record<string, unknown>) : null;
  const changed = current && next ? changedFields(section, current, next) : [];
  const gyms = await gymNamesOfRecords(db, [{ entity: section.entity, id: change.record_id }]);
  return {
    id: change.id,
    action: change.action,
    title: change.title || `#${change.record_id}`,
    sectionTitle: section.title,
    recordPath: row ? recordPath(section, change.record_id) : null,
    gyms: gyms.get(`${section.entity}:${change.record_id}`) ?? 'Все залы',
    zone,
    zoneLabel: zoneLabel(zone, change.due_at),
    dueAt: change.due_at.toISOString(),
    dueValue: localMomentValue(change.due_at, zone),
    author: change.created_by_name ?? 'автор не записан',
    createdAt: change.created_at.toISOString(),
    pending: change.applied_at === null && change.cancelled_at === null,
    appliedAt: change.applied_at?.toISOString() ?? null,
    cancelledAt: change.cancelled_at?.toISOString() ?? null,
    failure: change.failure,
    changes: changed.map((field) => ({
      label: field.label,
      now: current ? revisionText(field, current[field.name], options) : '—',
      next: next ? revisionText(field, next[field.name], options) : '—',
    })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  staffPageMeta(loaderData ? `${SCHEDULED_ACTION_LABELS[loaderData.action]} «${loaderData.title}»` : SCHEDULED_TITLE);

const changeForm = z.object({ intent: z.enum(['reschedule', 'cancel']).catch('reschedule') });

export async function action({ request, context, params, url }: Route.ActionArgs) {
  const services = getServices(context);
  const db = services.database.db;
  const staff = getStaff(context);
  const { change, section } = await findChange(db, params.id, url.pathname);
  const form = await readForm(request);
  const parsed = parseFormData(form, changeForm);
  const intent = parsed.success ? parsed.data.intent : 'reschedule';
  const gone = () =>
    redirectWithFlash('/admin/scheduled', {
      kind: 'info',
      text: 'Это изменение уже применено или отменено',
    });
  if (intent === 'cancel') {
    if (!(await cancelScheduledChange(db, change.id, staff.id, section.entity))) return gone();
    return redirectWithFlash('/admin/scheduled', {
      kind: 'success',
      text: `Отменено: ${SCHEDULED_ACTION_LABELS[change.action].toLowerCase()} «${change.title ?? ''}»`,
    });
  }
  const clock = getStaffClock(context);
  const zone = (await recordZone(db, section, change.record_id, undefined)) ?? clock.network;
  const raw: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  // The moment is read as the form's «Опубликовать с» is, in the record's zone and in the future.
  const renamed = new FormData();
  renamed.set('publish_at', String(form.get('due_at') ?? ''));
  const { publishAt } = readScheduleFields(renamed, zone, schedulerClock(services.env.TEST_CLOCK_FILE)(), raw, errors);
  if (!publishAt) {
    return data(
      { error: errors.publish_at ?? 'Укажите дату и время', value: String(raw.publish_at ?? '') },
      { status: 400 },
    );
  }
  if (
    !(await updateScheduledChange(db, change.id, { dueAt: publishAt, staffUserId: staff.id, entity: section.entity }))
  ) {
    return gone();
  }
  return redirectWithFlash(`/admin/scheduled/${change.id}`, {
    kind: 'success',
    text: `Перенесено на ${staffTimeText(publishAt, zone, clock.viewer)}`,
  });
}

export default function ScheduledChange({ loaderData, actionData }: Route.ComponentProps) {
  const entry = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <section className="admin-section">
      <p>
        <Link to="/admin/scheduled" className="admin-link">
          ← {SCHEDULED_TITLE}
        </Link>
      </p>
      <Heading level={1}>
        {SCHEDULED_ACTION_LABELS[entry.action]} «{entry.title}»
      </Heading>
      <dl className="admin-facts">
        <dt>Раздел</dt>
        <dd>{entry.sectionTitle}</dd>
        <dt>Залы</dt>
        <dd>{entry.gyms}</dd>
        <dt>Когда</dt>
        <dd>
          <StaffTime value={entry.dueAt} zone={entry.zone} />
        </dd>
        <dt>Кто запланировал</dt>
        <dd>
          {entry.author}, <StaffTime value={entry.createdAt} zone={entry.zone} />
        </dd>
        <dt>Состояние</dt>
        <dd>
          {entry.pending ? (
            'Ждёт своего времени'
          ) : entry.cancelledAt ? (
            <>
              Отменено <StaffTime value={entry.cancelledAt} zone={entry.zone} />
              {entry.failure ? ` (${entry.failure})` : null}
            </>
          ) : (
            <>
              {entry.failure ? `Не применено: ${entry.failure}, ` : 'Применено '}
              <StaffTime value={entry.appliedAt!} zone={entry.zone} />
            </>
          )}
        </dd>
      </dl>
      {entry.recordPath ? (
        <p>
          <Link to={entry.recordPath} className="admin-link">
            Открыть запись
          </Link>
          {entry.pending && entry.action === 'update' ? (
            <>
              {' · '}
              <Link to={`${entry.recordPath}?scheduled=${entry.id}`} className="admin-link">
                Изменить новую версию
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      {entry.action === 'update' ? (
        entry.changes.length ? (
          <table className="admin-table admin-compare">
            <TableHead columns={['Поле', 'Сейчас на сайте', 'Станет']} />
            <tbody>
              {entry.changes.map((change) => (
                <tr key={change.label}>
                  <th scope="row">{change.label}</th>
                  <td data-label="Сейчас на сайте" className="admin-compare__value">
                    {change.now}
                  </td>
                  <td data-label="Станет" className="admin-compare__value">
                    {change.next}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="admin-muted">Новая версия не отличается от текущей.</p>
        )
      ) : null}
      {entry.pending ? (
        <>
          <Form method="post" className="admin-form" noValidate>
            <FormAlert message={actionData?.error ?? null} className="admin-form__error" />
            <AdminField id="due_at" label="Применить">
              <input
                type="datetime-local"
                id="due_at"
                name="due_at"
                step={60}
                defaultValue={actionData?.value ?? entry.dueValue}
                aria-invalid={actionData?.error ? true : undefined}
                aria-describedby="due-hint"
              />
              <p id="due-hint" className="admin-field__hint">
                Время зала: {entry.zoneLabel}.
              </p>
            </AdminField>
            <div className="admin-form__actions">
              <button type="submit" name="intent" value="reschedule" className="admin-button" disabled={busy}>
                Перенести
              </button>
            </div>
          </Form>
          <Form method="post" className="admin-inline-form">
            <button
              type="submit"
              name="intent"
              value="cancel"
              className="admin-button admin-button--danger"
              disabled={busy}
            >
              Отменить изменение
            </button>
          </Form>
        </>
      ) : null}
    </section>
  );
}
