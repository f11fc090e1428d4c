import { Form, Link, redirect } from 'react-router';
import { DeleteButton } from '#app/components/admin/DeleteButton.tsx';
import { SectionTabs } from '#app/components/admin/SectionTabs.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { Image } from '#app/components/Image.tsx';
import { setFlash } from '#app/infra/flash.server.ts';
import { getDb } from '#app/infra/services.server.ts';
import type { ListColumn, OptionSource } from '#app/lib/admin-fields.ts';
import { adminTitle } from '#app/lib/admin-sections.ts';
import { formatDate, formatPrice } from '#app/lib/format.ts';
import { listRows, loadOptions, moveRow, PAGE_SIZE, setPublished } from '#app/models/admin/content.server.ts';
import { sectionForPath } from '#app/models/admin/sections.server.ts';
import { getStaff } from '#app/services/auth.server.ts';
import type { Route } from './+types/list';

const WEEKDAY_SHORT = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'];
const CHANGE_KINDS: Record<string, string> = { cancelled: 'Отменено', changed: 'Замена' };

export async function loader({ context, url }: Route.LoaderArgs) {
  const section = sectionForPath(url.pathname);
  const params = url.searchParams;
  const filters: Record<string, string> = {};
  for (const filter of section.filters) filters[filter.name] = (params.get(filter.name) ?? '').slice(0, 20);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const query = {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    filters,
    sort: params.get('sort'),
    dir: params.get('dir') === 'desc' ? ('desc' as const) : ('asc' as const),
    page,
  };
  const db = getDb(context);
  const sources = new Set<OptionSource>();
  for (const column of section.columns) if (column.source) sources.add(column.source);
  for (const filter of section.filters) if (filter.source) sources.add(filter.source);
  const [list, options] = await Promise.all([listRows(db, section, query), loadOptions(db, sources)]);
  return {
    section: {
      key: section.key,
      title: section.title,
      newLabel: section.newLabel,
      labelColumn: section.labelColumn,
      columns: section.columns,
      filters: section.filters,
      orderable: section.orderable,
      publishable: section.publishable,
      group: section.group ?? null,
    },
    rows: list.rows as Array<Record<string, string | number | boolean | null> & { id: number }>,
    total: list.total,
    pages: list.pages,
    query,
    pageSize: PAGE_SIZE,
    options,
    search: url.search,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: adminTitle(loaderData?.section.title) }];

/** Publish/unpublish and up/down: small POSTs from the list, each followed by a redirect back to it. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const section = sectionForPath(url.pathname);
  const staff = getStaff(context);
  const db = getDb(context);
  const form = await request.formData();
  const id = Number(form.get('id'));
  const intent = String(form.get('intent') ?? '');
  const back = String(form.get('back') ?? '');
  const listUrl = `/admin/${section.key}${back.startsWith('?') && !back.includes('//') ? back : ''}`;
  if (!Number.isInteger(id) || id <= 0) throw new Response('Неверный запрос', { status: 400 });

  let message: string;
  if ((intent === 'publish' || intent === 'unpublish') && section.publishable) {
    const done = await setPublished(db, section, id, intent === 'publish', staff.id);
    message = done ? (intent === 'publish' ? 'Опубликовано' : 'Снято с публикации') : 'Запись не найдена';
  } else if ((intent === 'up' || intent === 'down') && section.orderable) {
    const done = await moveRow(db, section, id, intent, staff.id);
    message = done ? (intent === 'up' ? 'Перемещено выше' : 'Перемещено ниже') : 'Дальше двигать некуда';
  } else {
    throw new Response('Неизвестное действие', { status: 400 });
  }
  return redirect(listUrl, { headers: { 'Set-Cookie': await setFlash({ kind: 'success', text: message }) } });
}

export default function SectionList({ loaderData }: Route.ComponentProps) {
  const { section, rows, total, pages, query, options, search, pageSize } = loaderData;
  const base = `/admin/${section.key}`;
  const pageLink = (page: number) => {
    const params = new URLSearchParams(search);
    params.set('page', String(page));
    return `${base}?${params}`;
  };
  const sortable = section.columns.filter((column) => column.sortable);
  return (
    <section className="admin-section">
      {section.group ? <SectionTabs current={section.key} /> : null}
      <div className="admin-section__head">
        <Heading level={1}>{section.title}</Heading>
        <Link to={`${base}/new`} className="admin-button">
          {section.newLabel}
        </Link>
      </div>

      <Form method="get" className="admin-filters" role="search" aria-label="Поиск и фильтры">
        <label>
          <span>Поиск</span>
          <input type="search" name="q" defaultValue={query.q} />
        </label>
        {section.filters.map((filter) => (
          <label key={filter.name}>
            <span>{filter.label}</span>
            <select name={filter.name} defaultValue={query.filters[filter.name] ?? ''}>
              <option value="">Все</option>
              {filter.kind === 'published' ? (
                <>
                  <option value="yes">Опубликованные</option>
                  <option value="no">Скрытые</option>
                </>
              ) : (
                (options[filter.source!] ?? []).map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))
              )}
            </select>
          </label>
        ))}
        {sortable.length ? (
          <>
            <label>
              <span>Сортировка</span>
              <select name="sort" defaultValue={query.sort ?? ''}>
                <option value="">{section.orderable ? 'Порядок на сайте' : 'По умолчанию'}</option>
                {sortable.map((column) => (
                  <option key={column.key} value={column.key}>
                    {column.label}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>Направление</span>
              <select name="dir" defaultValue={query.dir}>
                <option value="asc">По возрастанию</option>
                <option value="desc">По убыванию</option>
              </select>
            </label>
          </>
        ) : null}
        <button type="submit" className="admin-button admin-button--ghost">
          Показать
        </button>
      </Form>

      <p className="admin-muted">Найдено: {total}</p>
      {rows.length === 0 ? (
        <p>Ничего не найдено.</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              {section.columns.map((column) => (
                <th key={column.key} scope="col">
                  {column.label}
                </th>
              ))}
              <th scope="col">Действия</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const label = String(row[section.labelColumn] ?? row.id);
              const position = (query.page - 1) * pageSize + index;
              return (
                <tr key={row.id}>
                  {section.columns.map((column, columnIndex) => (
                    <td key={column.key} data-label={column.label}>
                      {columnIndex === firstTextColumn(section.columns) ? (
                        <Link to={`${base}/${row.id}`}>{cellText(column, row, options) || `#${row.id}`}</Link>
                      ) : (
                        <Cell column={column} row={row} options={options} />
                      )}
                    </td>
                  ))}
                  <td className="admin-table__actions">
                    <Link to={`${base}/${row.id}`} className="admin-button admin-button--small admin-button--ghost">
                      Изменить<span className="visually-hidden"> «{label}»</span>
                    </Link>
                    {section.publishable ? (
                      <RowAction
                        id={row.id}
                        search={search}
                        intent={row.published ? 'unpublish' : 'publish'}
                        text={row.published ? 'Снять с публикации' : 'Опубликовать'}
                        label={label}
                      />
                    ) : null}
                    {section.orderable && !query.sort ? (
                      <>
                        <RowAction
                          id={row.id}
                          search={search}
                          intent="up"
                          text="↑"
                          title="Выше"
                          label={label}
                          disabled={position === 0}
                        />
                        <RowAction
                          id={row.id}
                          search={search}
                          intent="down"
                          text="↓"
                          title="Ниже"
                          label={label}
                          disabled={position === total - 1}
                        />
                      </>
                    ) : null}
                    <DeleteButton to={`${base}/${row.id}/delete`} label={label} />
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

function firstTextColumn(columns: ListColumn[]): number {
  const index = columns.findIndex((column) => !column.kind || column.kind === 'text' || column.kind === 'date');
  return Math.max(index, 0);
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

type Options = Route.ComponentProps['loaderData']['options'];

function cellText(column: ListColumn, row: Record<string, unknown>, options: Options): string {
  const value = row[column.key];
  if (value === null || value === undefined) return '';
  switch (column.kind) {
    case 'boolean':
      return value ? 'Да' : 'Нет';
    case 'date':
      return typeof value === 'string' ? formatDate(value) : '';
    case 'price':
      return formatPrice(Number(value));
    case 'option':
      return (
        options[column.source!]?.find((option) => option.value === String(value))?.label ??
        (value === null ? '' : `#${value}`)
      );
    default:
      if (column.key === 'weekday') return WEEKDAY_SHORT[Number(value) - 1] ?? '';
      if (column.key === 'start_time') return String(value).slice(0, 5);
      if (column.key === 'kind') return CHANGE_KINDS[String(value)] ?? String(value);
      return String(value);
  }
}

function Cell({ column, row, options }: { column: ListColumn; row: Record<string, unknown>; options: Options }) {
  if (column.kind === 'image') {
    return typeof row.image_key === 'string' ? (
      <Image
        image={{
          key: row.image_key,
          width: Number(row.image_width),
          height: Number(row.image_height),
          placeholder: String(row.image_placeholder ?? ''),
        }}
        alt=""
        width={64}
        className="admin-thumb"
      />
    ) : (
      <span className="admin-muted">нет</span>
    );
  }
  if (column.kind === 'option' && row[column.key] === null) return <span className="admin-muted">все</span>;
  return <>{cellText(column, row, options)}</>;
}
