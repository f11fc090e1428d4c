import { Form, Link } from 'react-router';
import { z } from 'zod';
import { fieldChoices, filterName, type Options } from '#app/admin/fields.ts';
import { adminTitle } from '#app/admin/nav.ts';
import type { AnySection } from '#app/admin/section.ts';
import { sectionByKey, sectionOfRoute } from '#app/admin/sections.ts';
import { getStaff } from '#app/auth/staff.server.ts';
import { DeleteButton } from '#app/components/admin/DeleteButton.tsx';
import { FilterForm } from '#app/components/admin/FilterForm.tsx';
import { FilterSelect } from '#app/components/admin/FilterSelect.tsx';
import { cellText, ListCell, linkedColumn } from '#app/components/admin/ListCell.tsx';
import { SectionTabs } from '#app/components/admin/SectionTabs.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { OptionList } from '#app/components/OptionList.tsx';
import { redirectWithFlash } from '#app/infra/flash.server.ts';
import { formId, requireForm } from '#app/infra/form.server.ts';
import { getDb } from '#app/infra/services.server.ts';
import { todayIn } from '#app/lib/schedule.ts';
import { searchTerm } from '#app/lib/text.ts';
import {
  getRow,
  listRows,
  loadOptions,
  moveRow,
  PAGE_SIZE,
  recordTitles,
  setPublished,
} from '#app/models/admin/content.server.ts';
import { canCreate, canReorder, canWriteSection, visibilityOf } from '#app/services/access.server.ts';
import { undescribedImages, undescribedMessage } from '#app/services/image-details.server.ts';
import { getStaffClock } from '#app/services/staff-clock.server.ts';
import type { Route } from './+types/list';

const MAX_PAGE = 10_000;

const MOVES = [
  { intent: 'up', text: '↑', title: 'Выше' },
  { intent: 'down', text: '↓', title: 'Ниже' },
] as const;

const PUBLISHED_CHOICES = [
  { value: 'yes', label: 'Опубликованные' },
  { value: 'no', label: 'Скрытые' },
];

/** The choices of a filter by a reference field. */
function filterChoices(section: AnySection, name: string, options: Options) {
  const field = section.fields.find((candidate) => candidate.name === name);
  return field ? fieldChoices(field, options) : [];
}

/** The option sources the list shows or filters by. */
function listSources(section: AnySection) {
  const shown = new Set<string>([
    ...section.columns.map((entry) => entry.column as string),
    ...section.filters.flatMap((filter) => (filter.kind === 'reference' ? [filter.field as string] : [])),
  ]);
  return section.fields.flatMap((field) => ('source' in field && shown.has(field.name) ? [field.source] : []));
}

export async function loader({ context, url, pattern }: Route.LoaderArgs) {
  const section = sectionOfRoute(pattern);
  const params = url.searchParams;
  const filters: Record<string, string> = {};
  for (const filter of section.filters) {
    filters[filterName(filter)] = (params.get(filterName(filter)) ?? '').slice(0, 20);
  }
  const page = Math.max(1, Math.min(MAX_PAGE, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const query = {
    q: searchTerm(params.get('q'), 200),
    filters,
    sort: params.get('sort'),
    dir: params.get('dir') === 'desc' ? ('desc' as const) : ('asc' as const),
    page,
  };
  const db = getDb(context);
  const staff = getStaff(context);
  // Only the records this member may see (docs/product/roles.md): the filter's choices too.
  const visible = visibilityOf(staff);
  const [list, options] = await Promise.all([
    listRows(db, section, query, visible),
    loadOptions(db, listSources(section), visible),
  ]);
  const titles = section.composedLabel
    ? Object.fromEntries(
        await recordTitles(
          db,
          section,
          list.rows.map((row) => row.id),
        ),
      )
    : null;
  return {
    /** What this member may do here (services/access.server.ts): a manager adds and reorders nothing shared. */
    may: { create: canCreate(staff, section), reorder: canReorder(staff), write: canWriteSection(staff, section) },
    /** Names of the rows when they are composed from other tables (dated schedule changes). */
    titles,
    sectionKey: section.key,
    rows: list.rows as Array<Record<string, string | number | boolean | null> & { id: number }>,
    total: list.total,
    pages: list.pages,
    query,
    options,
    search: url.search,
    pageSize: PAGE_SIZE,
    /** The club network's calendar day, for the state of dated runs (a promo is on, ahead or over). */
    today: todayIn(getStaffClock(context).network),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: adminTitle(loaderData ? sectionByKey(loaderData.sectionKey)?.title : undefined) },
];

const rowAction = z.object({
  id: formId(),
  intent: z.enum(['publish', 'unpublish', 'up', 'down'], { error: 'Неизвестное действие' }),
  back: z.string().max(2000).optional(),
});

/** The list's query string again, re-encoded: only parameters, never a path or a header-breaking character. */
function listUrl(section: AnySection, back: string | undefined): string {
  const params = new URLSearchParams(back?.startsWith('?') ? back : '');
  return `/admin/${section.key}${params.size ? `?${params}` : ''}`;
}

/** Publish/unpublish and up/down: small POSTs from the list, each followed by a redirect back to it. */
export async function action({ request, context, pattern }: Route.ActionArgs) {
  const section = sectionOfRoute(pattern);
  const staff = getStaff(context);
  const db = getDb(context);
  const { id, intent, back } = await requireForm(request, rowAction);

  let text: string;
  if (intent === 'publish' && section.publishable) {
    // A picture without a description or the decorative mark keeps its record off the site (docs/product/images.md).
    const row = await getRow(db, section, id);
    const undescribed = row ? await undescribedImages(db, section, row) : [];
    if (undescribed.length > 0) {
      return redirectWithFlash(listUrl(section, back), { kind: 'error', text: undescribedMessage(undescribed[0]!) });
    }
  }
  if ((intent === 'publish' || intent === 'unpublish') && section.publishable) {
    const done = await setPublished(db, section, id, intent === 'publish', staff.id);
    text = done ? (intent === 'publish' ? 'Опубликовано' : 'Снято с публикации') : 'Запись не найдена';
  } else if ((intent === 'up' || intent === 'down') && section.order === 'manual') {
    const done = await moveRow(db, section, id, intent, staff.id);
    text = done ? (intent === 'up' ? 'Перемещено выше' : 'Перемещено ниже') : 'Дальше двигать некуда';
  } else {
    throw new Response('Неизвестное действие', { status: 400 });
  }
  return redirectWithFlash(listUrl(section, back), { kind: 'success', text });
}

export default function SectionList({ loaderData }: Route.ComponentProps) {
  const { rows, total, pages, query, options, search, pageSize, today, titles } = loaderData;
  const section = sectionByKey(loaderData.sectionKey)!;
  const base = `/admin/${section.key}`;
  const { may } = loaderData;
  const orderable = section.order === 'manual' && may.reorder;
  const pageLink = (page: number) => {
    const params = new URLSearchParams(search);
    params.set('page', String(page));
    return `${base}?${params}`;
  };
  const sortable = section.columns.filter((entry) => entry.sortable);
  const linked = linkedColumn(section);
  return (
    <section className="admin-section">
      {section.group ? <SectionTabs group={section.group} current={section.key} /> : null}
      <div className="admin-section__head">
        <Heading level={1}>{section.title}</Heading>
        {may.create ? (
          <Link to={`${base}/new`} className="admin-button">
            {section.newLabel}
          </Link>
        ) : null}
      </div>

      <FilterForm label="Поиск и фильтры">
        <label>
          <span>Поиск</span>
          <input type="search" name="q" defaultValue={query.q} />
        </label>
        {section.filters.map((filter) => (
          <FilterSelect
            key={filterName(filter)}
            label={filter.label}
            name={filterName(filter)}
            value={query.filters[filterName(filter)] ?? ''}
            options={filter.kind === 'reference' ? filterChoices(section, filter.field, options) : PUBLISHED_CHOICES}
          />
        ))}
        {sortable.length ? (
          <>
            <label>
              <span>Сортировка</span>
              <select name="sort" defaultValue={query.sort ?? ''}>
                <option value="">{orderable ? 'Порядок на сайте' : 'По умолчанию'}</option>
                <OptionList options={sortable.map((entry) => ({ value: entry.column, label: entry.label }))} />
              </select>
            </label>
            <label>
              <span>Порядок</span>
              <select name="dir" defaultValue={query.dir}>
                <option value="asc">По возрастанию</option>
                <option value="desc">По убыванию</option>
              </select>
            </label>
          </>
        ) : null}
      </FilterForm>

      <p className="admin-muted">Найдено: {total}</p>
      {rows.length === 0 ? (
        <p>Ничего не найдено.</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              {section.columns.map((entry) => (
                <th key={entry.column} scope="col">
                  {entry.label}
                </th>
              ))}
              <th scope="col">Действия</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const label = titles?.[row.id] ?? String(row[section.labelColumn] ?? row.id);
              const position = (query.page - 1) * pageSize + index;
              return (
                <tr key={row.id}>
                  {section.columns.map((entry) => (
                    <td key={entry.column} data-label={entry.label}>
                      {entry === linked ? (
                        <Link to={`${base}/${row.id}`}>{cellText(section, entry, row, options) || `#${row.id}`}</Link>
                      ) : (
                        <ListCell section={section} entry={entry} row={row} options={options} today={today} />
                      )}
                    </td>
                  ))}
                  <td className="admin-table__actions">
                    <Link to={`${base}/${row.id}`} className="admin-button admin-button--small admin-button--ghost">
                      Изменить<span className="visually-hidden"> «{label}»</span>
                    </Link>
                    {section.publishable && may.write ? (
                      <RowAction
                        id={row.id}
                        search={search}
                        intent={row.published ? 'unpublish' : 'publish'}
                        text={row.published ? 'Снять с публикации' : 'Опубликовать'}
                        label={label}
                      />
                    ) : null}
                    {orderable && !query.sort
                      ? MOVES.map((move) => (
                          <RowAction
                            key={move.intent}
                            id={row.id}
                            search={search}
                            intent={move.intent}
                            text={move.text}
                            title={move.title}
                            label={label}
                            disabled={move.intent === 'up' ? position === 0 : position === total - 1}
                          />
                        ))
                      : null}
                    {may.write ? <DeleteButton to={`${base}/${row.id}/delete`} label={label} /> : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {pages > 1 ? (
        <nav className="admin-pagination" aria-label="Страницы">
          {query.page > 1 ? <Link to={pageLink(query.page - 1)}>← Назад</Link> : null}
          <span>
            Страница {query.page} из {pages}
          </span>
          {query.page < pages ? <Link to={pageLink(query.page + 1)}>Вперёд →</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}

function RowAction(props: {
  id: number;
  search: string;
  intent: string;
  text: string;
  label: string;
  title?: string;
  disabled?: boolean;
}) {
  return (
    <Form method="post" className="admin-inline-form">
      <input type="hidden" name="id" value={props.id} />
      <input type="hidden" name="back" value={props.search} />
      <button
        type="submit"
        name="intent"
        value={props.intent}
        className="admin-button admin-button--small admin-button--ghost"
        disabled={props.disabled}
        aria-label={`${props.title ?? props.text} «${props.label}»`}
        title={props.title}
      >
        {props.text}
      </button>
    </Form>
  );
}
