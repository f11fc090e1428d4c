/**
 * One content section of the staff area, declared once: the routes (app/routes.ts), the navigation and tabs
 * (app/admin/nav.ts), the audit log's words and links (app/admin/audit.ts), the list, the form and the SQL all read
 * this declaration. Adding a section is one declaration in app/admin/sections.ts plus the migration of its table
 * (docs/architecture.md, "Where a change goes").
 */
import type { Column, FieldDef, ListColumn, ListFilter } from '#app/admin/fields.ts';
import type { DB } from '#db/schema.ts';

/** A section over `Table` whose column names are `Name`; see `SectionDef` and `AnySection`. */
export interface SectionShape<Name extends string, Table extends keyof DB> {
  /** URL path below /admin, e.g. `gyms` or `trainings/trends`. */
  key: string;
  table: Table;
  /** Name of the entity in the audit log and in cache announcements. */
  entity: string;
  /** One record in the nominative, as the audit log names it: `изменение: тренер «Дмитрий Волков»`. */
  auditLabel: string;
  /** Heading and document title of the section's pages. */
  title: string;
  /** The entry in the staff navigation; sections without one are reached through their group's tabs. */
  navLabel?: string;
  /** Sections shown as tabs of one page: trainings with their trends, weekly slots and dated changes. */
  group?: { key: string; label: string };
  newLabel: string;
  /** The column that names a record in messages and in the list's action labels. */
  labelColumn: Name;
  /**
   * Records named by a label composed from other tables instead of `labelColumn`: a weekly slot
   * («Пн 07:30 Хатха-йога (Новикова)») or a dated change of one (app/lib/slot-label.ts).
   */
  composedLabel?: 'slot' | 'slotChange';
  /** `week`: the list page is a gym's week as a grid by weekday (weekly slots), not a paged table. */
  listView?: 'week';
  fields: ReadonlyArray<FieldDef<Name>>;
  columns: ReadonlyArray<ListColumn<Name>>;
  search: ReadonlyArray<Name>;
  filters: ReadonlyArray<ListFilter<Name>>;
  /** `manual`: staff order the rows with up/down buttons (a `sort_order` column); otherwise the list's order. */
  order: 'manual' | ReadonlyArray<readonly [Name, 'asc' | 'desc']>;
  /** Has a `published` flag that the list switches. */
  publishable: boolean;
  /** Has a `version` column: a stale save is refused instead of overwriting someone else's (docs/product/staff.md). */
  versioned: boolean;
  /**
   * The record's public page, `{id}` standing for its id (`/coaches/{id}`). The edit page links to it as
   * «Предпросмотр»; signed-in staff see an unpublished record there with a draft banner (docs/product/staff.md).
   */
  publicPath?: string;
  /** One row only, edited at `/admin/<key>` without a list (page-like content such as a policy text). */
  singleton?: boolean;
}

/** A section declared over `Table`: every name must be one of its columns. */
export type SectionDef<Table extends keyof DB> = SectionShape<Column<Table>, Table>;

/** Any section, whatever its table: what the generic engine works with. */
export type AnySection = SectionShape<string, keyof DB>;

/** Declares a section whose field, column, search and order names must be columns of `Table`. */
export function defineSection<Table extends keyof DB>(section: SectionDef<Table>): SectionDef<Table> {
  return section;
}
