import type { ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import {
  type FieldDef,
  type FieldErrors,
  type FormValues,
  fieldChoices,
  type ImagePreview,
  type Options,
} from '#app/admin/fields.ts';
import { kindOf } from '#app/admin/kinds/index.ts';
import { AdminField, FieldError, FieldHint } from '#app/components/admin/AdminField.tsx';
import { ImageDetails } from '#app/components/admin/ImageDetails.tsx';
import { Image } from '#app/components/Image.tsx';
import { zoneLabel } from '#app/lib/staff-time.ts';

interface EntityFormProps {
  fields: readonly FieldDef[];
  values: FormValues;
  errors: FieldErrors;
  options: Options;
  images: Record<string, ImagePreview | null>;
  /** The extra pictures of a multi-file create that an earlier, failed save already accepted, by field. */
  pendingImages?: Record<string, ImagePreview[]>;
  version: number | null;
  isNew: boolean;
  formError?: string | null;
  /** Set after a refused stale save: the version now in the database, for a deliberate overwrite. */
  conflictVersion?: number | null;
  /** A save that tells visitors asks first: the notice, and «Сохранить и отправить сообщения». */
  confirm?: string | null;
  submitLabel?: string;
  /** Publishable records: «Опубликовать с» and «Снять с публикации» in this zone (docs/product/scheduling.md). */
  scheduleZone?: string | null;
  /** The scheduled version this form edits, sent back with the save (docs/product/scheduling.md). */
  scheduledId?: number | null;
  /** Shown for reading only (a manager's view of a shared record): no save button. */
  readOnly?: boolean;
}

/**
 * The shared create/edit form: labelled fields, Russian errors beside them, values kept on error. Each field is drawn
 * as the control its kind describes (app/admin/kinds/).
 */
export function EntityForm(props: EntityFormProps) {
  const { fields, values, errors, options, images, version, isNew, formError, conflictVersion } = props;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const hasImage = fields.some((field) => field.kind === 'image');
  const errorCount = Object.keys(errors).length;
  return (
    <Form method="post" encType={hasImage ? 'multipart/form-data' : undefined} noValidate className="admin-form">
      {version !== null ? <input type="hidden" name="version" value={version} /> : null}
      {props.scheduledId ? <input type="hidden" name="scheduled_id" value={props.scheduledId} /> : null}
      {formError ? (
        <div className="admin-form__error" role="alert">
          <p>{formError}</p>
          {conflictVersion ? (
            <>
              <input type="hidden" name="current_version" value={conflictVersion} />
              <p>
                <button type="submit" name="intent" value="overwrite" className="admin-button admin-button--danger">
                  Сохранить мои изменения поверх
                </button>{' '}
                <a href="?" className="admin-link">
                  Открыть актуальную версию (мои изменения пропадут)
                </a>
              </p>
            </>
          ) : null}
        </div>
      ) : props.confirm ? (
        <div className="admin-form__confirm" role="alert">
          <p>{props.confirm}</p>
          <p>
            <button type="submit" name="intent" value="notify" className="admin-button" disabled={busy}>
              Сохранить и отправить сообщения
            </button>
          </p>
        </div>
      ) : errorCount > 0 ? (
        <p className="admin-form__error" role="alert">
          Проверьте поля формы: есть ошибки.
        </p>
      ) : null}
      {fields.map((field) => (
        <Field
          key={field.name}
          field={field}
          value={values[field.name]}
          error={errors[field.name]}
          options={options}
          image={images[field.name] ?? null}
          pending={props.pendingImages?.[field.name] ?? []}
          isNew={isNew}
          values={values}
          errors={errors}
        />
      ))}
      {props.scheduleZone ? (
        <fieldset className="admin-schedule">
          <legend className="admin-field__label">Публикация по расписанию</legend>
          <p className="admin-field__hint" id="schedule-hint">
            Время зала: {zoneLabel(props.scheduleZone)}. Пусто — сразу. У опубликованной записи «Опубликовать с»
            сохраняет эту версию как запланированную: до этого времени на сайте остаётся текущая.
          </p>
          <ScheduleInput name="publish_at" label="Опубликовать с" values={values} errors={errors} />
          <ScheduleInput name="unpublish_at" label="Снять с публикации" values={values} errors={errors} />
        </fieldset>
      ) : null}
      {props.readOnly ? (
        <p className="admin-muted" role="note">
          Только просмотр: запись относится и к другим залам, её меняет администратор или редактор.
        </p>
      ) : (
        <div className="admin-form__actions">
          <button type="submit" name="intent" value="save" className="admin-button" disabled={busy}>
            {busy ? 'Сохранение…' : (props.submitLabel ?? 'Сохранить')}
          </button>
        </div>
      )}
    </Form>
  );
}

function ScheduleInput({
  name,
  label,
  values,
  errors,
}: {
  name: string;
  label: string;
  values: FormValues;
  errors: FieldErrors;
}) {
  const id = `field-${name}`;
  const error = errors[name];
  return (
    <AdminField id={id} label={label}>
      <input
        type="datetime-local"
        id={id}
        name={name}
        step={60}
        defaultValue={typeof values[name] === 'string' ? (values[name] as string) : ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error schedule-hint` : 'schedule-hint'}
      />
      <FieldError id={`${id}-error`} error={error} />
    </AdminField>
  );
}

function Field({
  field,
  value,
  error,
  options,
  image,
  pending = [],
  isNew,
  values,
  errors,
}: {
  field: FieldDef;
  value: FormValues[string] | undefined;
  error?: string;
  options: Options;
  image: ImagePreview | null;
  pending?: ImagePreview[];
  isNew: boolean;
  /** The whole form's values and messages: an image field shows its picture's details beside it. */
  values: FormValues;
  errors: FieldErrors;
}) {
  const id = `field-${field.name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, field.hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field.name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': field.required ? true : undefined,
  };
  const text = typeof value === 'string' ? value : '';
  // The required mark sits outside the <label> so the field's accessible name is exactly its label.
  const label = (
    <span className="admin-field__label-row">
      <label htmlFor={field.kind === 'image' ? `${id}-file` : id} className="admin-field__label">
        {field.label}
      </label>
      {field.required ? (
        <span className="admin-field__required" title="Обязательное поле">
          *
        </span>
      ) : null}
    </span>
  );
  const after = (
    <>
      <FieldHint id={hintId} hint={field.hint} />
      <FieldError id={errorId} error={error} />
    </>
  );

  const control = kindOf(field).control(field);
  switch (control.element) {
    case 'checkbox':
      return (
        <div className="admin-field admin-field--checkbox">
          <input type="checkbox" {...common} defaultChecked={value === true} />
          {label}
          {after}
        </div>
      );
    case 'checkboxes': {
      const chosen = new Set(Array.isArray(value) ? value : []);
      return (
        <fieldset className="admin-field admin-field--group" aria-describedby={describedBy}>
          <legend className="admin-field__label">{field.label}</legend>
          <div className="admin-field__choices">
            {fieldChoices(field, options).map((option) => (
              <label key={option.value} className="admin-choice">
                <input
                  type="checkbox"
                  name={field.name}
                  value={option.value}
                  defaultChecked={chosen.has(option.value)}
                />
                {option.label}
              </label>
            ))}
          </div>
          {after}
        </fieldset>
      );
    }
    case 'select': {
      const list = fieldChoices(field, options);
      return (
        <div className="admin-field">
          {label}
          <select {...common} defaultValue={text}>
            {!field.required || text === '' ? <option value="">—</option> : null}
            {list.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {after}
        </div>
      );
    }
    case 'image':
      return field.kind === 'image' ? (
        <ImageField
          field={field}
          {...{ id, text, image, pending, isNew, error, describedBy, label, after, values, errors }}
        />
      ) : null;
    case 'textarea':
      return (
        <div className="admin-field">
          {label}
          <textarea {...common} rows={control.rows} defaultValue={text} maxLength={control.maxLength} />
          {after}
        </div>
      );
    case 'input': {
      const { suggestions, element: _element, ...input } = control;
      const list = suggestions ? `${field.name}-suggestions` : undefined;
      return (
        <div className="admin-field">
          {label}
          <input {...input} {...common} defaultValue={text} list={list} />
          {list ? (
            <datalist id={list}>
              {suggestions!.map((option) => (
                <option key={option.value} value={option.value} label={option.label} />
              ))}
            </datalist>
          ) : null}
          {after}
        </div>
      );
    }
  }
}

/** A picture upload: the attached picture's id, new files, the pictures a failed save already took, its details. */
function ImageField({
  field,
  id,
  text,
  image,
  pending,
  isNew,
  error,
  describedBy,
  label,
  after,
  values,
  errors,
}: {
  field: Extract<FieldDef, { kind: 'image' }>;
  id: string;
  text: string;
  image: ImagePreview | null;
  pending: ImagePreview[];
  isNew: boolean;
  error?: string;
  describedBy?: string;
  label: ReactNode;
  after: ReactNode;
  values: FormValues;
  errors: FieldErrors;
}) {
  return (
    <div className="admin-field admin-field--image">
      {label}

      {image && pending.length ? (
        <div className="admin-field__pending">
          <p>
            Уже загружено фото: {pending.length + 1}. Они сохранятся вместе с записью, выбирать их заново не нужно;
            новые файлы добавятся к ним.
          </p>
          <ul>
            {[image, ...pending].map((preview, index) => (
              <li key={preview.id}>
                <Image
                  image={preview}
                  alt={`Загруженное фото ${index + 1}`}
                  width={96}
                  className="admin-field__preview"
                />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <input type="hidden" name={field.name} value={image ? String(image.id) : text} />
      {pending.map((preview) => (
        <input key={preview.id} type="hidden" name={`${field.name}__pending`} value={preview.id} />
      ))}
      <input
        type="file"
        id={`${id}-file`}
        name={`${field.name}__file`}
        accept="image/jpeg,image/png,image/webp,image/avif"
        multiple={isNew && field.multipleOnCreate}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {image && !field.required ? (
        <label className="admin-choice">
          <input type="checkbox" name={`${field.name}__remove`} /> Убрать изображение
        </label>
      ) : null}
      <p className="admin-field__hint">JPEG, PNG, WebP или AVIF, не больше 10 МБ.</p>
      {after}
      <ImageDetails
        fieldName={field.name}
        label={field.label}
        image={pending.length === 0 ? image : null}
        values={values}
        errors={errors}
        describedHere={field.describedBy === undefined}
      />
    </div>
  );
}
