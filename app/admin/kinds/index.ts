/**
 * The registry of field kinds (ADR 50): each kind is one module of this folder (its contract in kind.ts); adding a
 * kind is that module, its declaration type in `FieldDef` and its entry in `KINDS`.
 */
import { type CheckboxField, checkbox } from '#app/admin/kinds/checkbox.ts';
import { type ChoiceField, choice } from '#app/admin/kinds/choice.ts';
import { type DateField, date } from '#app/admin/kinds/date.ts';
import { type DecimalField, decimal } from '#app/admin/kinds/decimal.ts';
import { type EmailField, email } from '#app/admin/kinds/email.ts';
import { type ImageField, image } from '#app/admin/kinds/image.ts';
import { type IntegerField, integer } from '#app/admin/kinds/integer.ts';
import type { FieldKind } from '#app/admin/kinds/kind.ts';
import { type LinesField, lines } from '#app/admin/kinds/lines.ts';
import { type PhoneField, phone } from '#app/admin/kinds/phone.ts';
import { type ReferenceField, reference } from '#app/admin/kinds/reference.ts';
import { type ReferencesField, references } from '#app/admin/kinds/references.ts';
import { type TextField, text } from '#app/admin/kinds/text.ts';
import { type TimeField, time } from '#app/admin/kinds/time.ts';
import { type TimeZoneField, timeZone } from '#app/admin/kinds/time-zone.ts';
import { type UrlField, url } from '#app/admin/kinds/url.ts';
import { type WeekdayField, weekday } from '#app/admin/kinds/weekday.ts';

/** A field's declaration: its kind's settings (`Name`: the column names a field may take; `string` for any section). */
export type FieldDef<Name extends string = string> =
  | TextField<Name>
  | PhoneField<Name>
  | UrlField<Name>
  | EmailField<Name>
  | IntegerField<Name>
  | DecimalField<Name>
  | CheckboxField<Name>
  | DateField<Name>
  | TimeField<Name>
  | WeekdayField<Name>
  | TimeZoneField<Name>
  | ChoiceField<Name>
  | ReferenceField<Name>
  | ReferencesField
  | LinesField<Name>
  | ImageField<Name>;

export type FieldKindName = FieldDef['kind'];

/** Every kind by name; typed so that each kind's functions take its own declaration. */
const KINDS: { [Kind in FieldKindName]: FieldKind<Extract<FieldDef, { kind: Kind }>> } = {
  text,
  phone,
  url,
  email,
  integer,
  decimal,
  checkbox,
  date,
  time,
  weekday,
  timeZone,
  choice,
  reference,
  references,
  lines,
  image,
};

/** The kind of a field, typed for any field (each kind's functions are called with a field of that kind only). */
export function kindOf(field: FieldDef): FieldKind<FieldDef> {
  return KINDS[field.kind] as FieldKind<FieldDef>;
}
