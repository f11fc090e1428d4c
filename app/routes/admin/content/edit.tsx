import { data, Link, redirect } from 'react-router';
import { EntityForm } from '#app/components/admin/EntityForm.tsx';
import { SectionTabs } from '#app/components/admin/SectionTabs.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { setFlash } from '#app/infra/flash.server.ts';
import { getDb, getServices } from '#app/infra/services.server.ts';
import type { FieldErrors, FormValues, ImagePreview, OptionSource } from '#app/lib/admin-fields.ts';
import { adminTitle } from '#app/lib/admin-sections.ts';
import { createRow, getImages, getRow, loadOptions, updateRow } from '#app/models/admin/content.server.ts';
import { type SectionDef, sectionForPath } from '#app/models/admin/sections.server.ts';
import {
  constraintMessage,
  defaultFormValues,
  MAX_FORM_BYTES,
  MAX_MULTI_FORM_BYTES,
  parseValues,
  processImages,
  rawValues,
  readForm,
  rowToFormValues,
} from '#app/services/admin-form.server.ts';
import { getStaff } from '#app/services/auth.server.ts';
import type { Database } from '#db/index.ts';
import type { Route } from './+types/edit';

const CONFLICT_MESSAGE =
  'Пока вы редактировали, эту запись сохранил другой сотрудник. Ваши изменения не сохранены, они остались в форме: ' +
  'сравните их с актуальной версией и решите, что оставить.';

function optionSources(section: SectionDef): OptionSource[] {
  return section.fields.flatMap((field) =>
    (field.type === 'select' || field.type === 'multiselect') && field.source ? [field.source] : [],
  );
}

async function imagePreviews(db: Database, section: SectionDef, values: FormValues) {
  const imageFields = section.fields.filter((field) => field.type === 'image');
  const ids = imageFields.map((field) => Number(values[field.name])).filter((id) => Number.isInteger(id) && id > 0);
  const images = await getImages(db, ids);
  const previews: Record<string, ImagePreview | null> = {};
  for (const field of imageFields) {
    const image = images.find((candidate) => candidate.id === Number(values[field.name]));
    previews[field.name] = image
      ? {
          id: image.id,
          key: image.storage_key,
          width: image.width,
          height: image.height,
          placeholder: image.placeholder,
        }
      : null;
  }
  return previews;
}

function parseId(id: string | undefined): number | null {
  if (id === undefined) return null;
  if (!/^\d{1,9}$/.test(id)) throw new Response('Запись не найдена', { status: 404 });
  return Number(id);
}

function sectionView(section: SectionDef) {
  return {
    key: section.key,
    title: section.title,
    newLabel: section.newLabel,
    fields: section.fields,
    group: section.group ?? null,
  };
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const section = sectionForPath(url.pathname);
  const db = getDb(context);
  const id = parseId(params.id);
  const row = id === null ? null : await getRow(db, section, id);
  if (id !== null && !row) throw new Response(`Запись не найдена: ${url.pathname}`, { status: 404 });
  const values = row ? rowToFormValues(section.fields, row) : defaultFormValues(section.fields);
  return {
    section: sectionView(section),
    id,
    label: row ? String(row[section.labelColumn] ?? '') : null,
    values,
    version: row && section.versioned ? Number(row.version) : null,
    options: await loadOptions(db, optionSources(section)),
    images: await imagePreviews(db, section, values),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: adminTitle(loaderData?.section.title) }];

export async function action({ request, context, params, url }: Route.ActionArgs) {
  const section = sectionForPath(url.pathname);
  const services = getServices(context);
  const db = services.database.db;
  const staff = getStaff(context);
  const id = parseId(params.id);
  const isNew = id === null;
  const multi = isNew && section.fields.some((field) => field.type === 'image' && field.multipleOnCreate);
  const form = await readForm(request, multi ? MAX_MULTI_FORM_BYTES : MAX_FORM_BYTES);

  const raw = rawValues(section.fields, form);
  const options = await loadOptions(db, optionSources(section));
  const { values, errors } = parseValues(section, raw, options);
  const extraImages = await processImages(db, services.storage, section, form, values, raw, errors, multi);
  const intent = String(form.get('intent') ?? 'save');
  const versionField = intent === 'overwrite' ? form.get('current_version') : form.get('version');
  const version = section.versioned && !isNew ? Number(versionField) : null;

  const failure = async (
    status: number,
    fieldErrors: FieldErrors,
    formError: string | null,
    conflictVersion?: number,
  ) =>
    data(
      {
        values: raw,
        errors: fieldErrors,
        formError,
        conflictVersion: conflictVersion ?? null,
        images: await imagePreviews(db, section, raw),
      },
      { status },
    );

  if (Object.keys(errors).length > 0) return failure(400, errors, null);

  const imageField = section.fields.find((field) => field.type === 'image' && field.multipleOnCreate);
  let label = String(values[section.labelColumn] ?? '');
  try {
    if (isNew) {
      await createRow(db, section, values, staff.id);
      for (const imageId of extraImages) {
        await createRow(db, section, { ...values, [imageField!.name]: imageId }, staff.id);
      }
      if (extraImages.length) label = `${label} (${extraImages.length + 1} шт.)`;
    } else {
      const result = await updateRow(db, section, id, version, values, staff.id);
      if (!result.ok && result.reason === 'missing') throw new Response('Запись уже удалена', { status: 404 });
      if (!result.ok) return failure(409, {}, CONFLICT_MESSAGE, result.currentVersion);
    }
  } catch (error) {
    const message = constraintMessage(error);
    if (!message) throw error;
    return failure(400, {}, message);
  }
  return redirect(`/admin/${section.key}`, {
    headers: { 'Set-Cookie': await setFlash({ kind: 'success', text: `Сохранено: «${label}»` }) },
  });
}

export default function SectionEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { section, id, label, options, version } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const images = actionData?.images ?? loaderData.images;
  return (
    <section className="admin-section">
      {section.group ? <SectionTabs current={section.key} /> : null}
      <p>
        <Link to={`/admin/${section.key}`} className="admin-link">
          ← {section.title}
        </Link>
      </p>
      <Heading level={1}>{id === null ? section.newLabel : `Изменить «${label || `#${id}`}»`}</Heading>
      <EntityForm
        // A new key after each server answer re-applies the returned values to the uncontrolled inputs.
        key={actionData ? JSON.stringify(actionData.values) : 'loaded'}
        fields={section.fields}
        values={values}
        errors={actionData?.errors ?? {}}
        options={options}
        images={images}
        version={version}
        isNew={id === null}
        formError={actionData?.formError}
        conflictVersion={actionData?.conflictVersion}
      />
    </section>
  );
}
