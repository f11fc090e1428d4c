import { type MouseEvent, useState } from 'react';
import {
  type FieldErrors,
  type FormValues,
  type ImagePreview,
  imageDetailNames,
  MAX_IMAGE_ALT_LENGTH,
} from '#app/admin/fields.ts';
import { AdminField, FieldError } from '#app/components/admin/AdminField.tsx';
import { Image } from '#app/components/Image.tsx';

function percent(value: FormValues[string] | undefined): string {
  return typeof value === 'string' ? value : '50';
}

/** A coordinate as the marker can show it: the typed number when it is one from 0 to 100, else the centre. */
function markerPercent(text: string): number {
  const value = Number(text.replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) && value >= 0 && value <= 100 ? value : 50;
}

/**
 * The focal point and description of one uploaded picture (docs/product/images.md). The point is two numeric fields
 * in percent, which work without JavaScript; with it, a click on the preview sets both and moves the marker.
 */
export function ImageDetails({
  fieldName,
  label,
  image,
  values,
  errors,
  describedHere,
}: {
  fieldName: string;
  label: string;
  image: ImagePreview | null;
  values: FormValues;
  errors: FieldErrors;
  describedHere: boolean;
}) {
  const names = imageDetailNames(fieldName);
  const [focalX, setFocalX] = useState(percent(values[names.focalX]));
  const [focalY, setFocalY] = useState(percent(values[names.focalY]));
  const pick = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    const clamp = (value: number) => String(Math.min(100, Math.max(0, Math.round(value))));
    setFocalX(clamp(((event.clientX - box.left) / box.width) * 100));
    setFocalY(clamp(((event.clientY - box.top) / box.height) * 100));
  };
  const errorOf = (name: string) => <FieldError id={`${name}-error`} error={errors[name]} />;
  const describedBy = (name: string) => (errors[name] ? `${name}-error` : undefined);
  const axes = [
    { label: 'По горизонтали', name: names.focalX, value: focalX, set: setFocalX },
    { label: 'По вертикали', name: names.focalY, value: focalY, set: setFocalY },
  ];
  return (
    <div className="admin-image-details">
      {image ? (
        <button
          type="button"
          className="admin-focal__preview"
          onClick={pick}
          aria-label={`Точка фокуса: нажмите на изображение «${label}» там, что должно остаться в кадре`}
        >
          <Image
            image={{ ...image, focalX: markerPercent(focalX), focalY: markerPercent(focalY) }}
            alt=""
            width={160}
            className="admin-field__preview"
          />
          <span
            className="admin-focal__marker"
            style={{ left: `${markerPercent(focalX)}%`, top: `${markerPercent(focalY)}%` }}
            aria-hidden="true"
          />
        </button>
      ) : null}
      <fieldset className="admin-focal">
        <legend className="admin-field__label">Точка фокуса, % от левого и верхнего края</legend>
        <p className="admin-field__hint">
          Эта точка остаётся в кадре при любой обрезке картинки на сайте. Нажмите на превью в нужном месте или введите
          числа от 0 до 100 (50 и 50 — центр).
        </p>
        <div className="admin-focal__inputs">
          {axes.map((axis) => (
            <label key={axis.name} className="admin-focal__input">
              <span>{axis.label}</span>
              <input
                type="text"
                inputMode="numeric"
                name={axis.name}
                value={axis.value}
                onChange={(event) => axis.set(event.target.value)}
                aria-invalid={errors[axis.name] ? true : undefined}
                aria-describedby={describedBy(axis.name)}
                size={4}
                className="admin-focal__number"
              />
            </label>
          ))}
        </div>
        {errorOf(names.focalX)}
        {errorOf(names.focalY)}
      </fieldset>
      {describedHere ? (
        <>
          <AdminField id={names.alt} label={<>Описание изображения «{label}»</>}>
            <textarea
              id={names.alt}
              name={names.alt}
              rows={2}
              maxLength={MAX_IMAGE_ALT_LENGTH}
              defaultValue={typeof values[names.alt] === 'string' ? (values[names.alt] as string) : ''}
              aria-invalid={errors[names.alt] ? true : undefined}
              aria-describedby={[describedBy(names.alt), `${names.alt}-hint`].filter(Boolean).join(' ')}
            />
            <p id={`${names.alt}-hint`} className="admin-field__hint">
              Что изображено — для тех, кто не видит картинку. Без описания запись нельзя опубликовать, если картинка не
              отмечена декоративной.
            </p>
            {errorOf(names.alt)}
          </AdminField>
          <label className="admin-choice">
            <input type="checkbox" name={names.decorative} defaultChecked={values[names.decorative] === true} />{' '}
            Декоративное изображение, описание не нужно
          </label>
        </>
      ) : null}
    </div>
  );
}
