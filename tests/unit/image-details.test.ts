import { describe, expect, it } from 'vitest';
import { coaches, gallery, partners } from '#app/admin/sections.ts';
import { focalPosition, imageAlt } from '#app/lib/image-url.ts';
import { checkImagesDescribed, readImageDetails } from '#app/services/image-details.server.ts';

function form(entries: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
}

/**
 * Where the focal point lands in a box that crops the picture with `object-fit: cover` and
 * `object-position: x% y%` (the browser's rule): the picture is scaled to cover the box and placed so that its
 * point at x% lies on the box's point at x%.
 */
function pointInBox(picture: { w: number; h: number }, box: { w: number; h: number }, fx: number, fy: number) {
  const scale = Math.max(box.w / picture.w, box.h / picture.h);
  const [w, h] = [picture.w * scale, picture.h * scale];
  const left = (box.w - w) * (fx / 100);
  const top = (box.h - h) * (fy / 100);
  return { x: left + (w * fx) / 100, y: top + (h * fy) / 100 };
}

describe('picture focal point and description', () => {
  it('keeps the focal point inside every crop the pages make, whatever the ratio', () => {
    const pictures = [
      { w: 800, h: 1000 },
      { w: 1600, h: 900 },
      { w: 300, h: 300 },
    ];
    const boxes = [
      { w: 320, h: 180 },
      { w: 400, h: 500 },
      { w: 640, h: 640 },
      { w: 1280, h: 300 },
    ];
    for (const picture of pictures) {
      for (const box of boxes) {
        for (const [fx, fy] of [
          [0, 0],
          [12, 88],
          [50, 46],
          [100, 100],
        ] as const) {
          const position = focalPosition({ focalX: fx, focalY: fy });
          expect(position).toBe(`${fx}% ${fy}%`);
          const point = pointInBox(picture, box, fx, fy);
          expect(point.x).toBeGreaterThanOrEqual(0);
          expect(point.x).toBeLessThanOrEqual(box.w);
          expect(point.y).toBeGreaterThanOrEqual(0);
          expect(point.y).toBeLessThanOrEqual(box.h);
        }
      }
    }
    expect(focalPosition({})).toBe('50% 50%');
  });

  it('uses the description as alt, and an empty alt for a decorative picture', () => {
    expect(imageAlt({ alt: 'Портрет тренера', decorative: false })).toBe('Портрет тренера');
    expect(imageAlt({ alt: 'ignored', decorative: true })).toBe('');
  });

  it('reads the focal point in percent and refuses numbers outside 0–100', () => {
    const raw = {};
    const errors: Record<string, string> = {};
    const details = readImageDetails(
      coaches,
      form({ photo_image_id__focal_x: '12,4', photo_image_id__focal_y: '', photo_image_id__alt: ' Лицо\n тренера ' }),
      raw,
      errors,
    );
    expect(errors).toEqual({});
    expect(details.get('photo_image_id')).toEqual({ focalX: 12, focalY: 50, alt: 'Лицо тренера', decorative: false });

    const refused: Record<string, string> = {};
    readImageDetails(coaches, form({ photo_image_id__focal_x: '101', photo_image_id__focal_y: 'центр' }), {}, refused);
    expect(refused).toEqual({
      photo_image_id__focal_x: 'Укажите число от 0 до 100',
      photo_image_id__focal_y: 'Укажите число от 0 до 100',
    });
  });

  it('refuses to publish a picture without a description or the decorative mark, naming it', () => {
    const details = readImageDetails(partners, form({}), {}, {});
    const errors: Record<string, string> = {};
    checkImagesDescribed(partners, { published: true, logo_image_id: 7 }, details, errors);
    expect(errors.logo_image_id__alt).toMatch(/^Изображение «Логотип» без описания/);

    const unpublished: Record<string, string> = {};
    checkImagesDescribed(partners, { published: false, logo_image_id: 7 }, details, unpublished);
    expect(unpublished).toEqual({});

    const decorative: Record<string, string> = {};
    const marked = readImageDetails(partners, form({ logo_image_id__decorative: 'on' }), {}, {});
    checkImagesDescribed(partners, { published: true, logo_image_id: 7 }, marked, decorative);
    expect(decorative).toEqual({});
  });

  it('asks the gallery for no second description: its own column describes the picture', () => {
    const details = readImageDetails(gallery, form({}), {}, {});
    const errors: Record<string, string> = {};
    checkImagesDescribed(gallery, { published: true, image_id: 3, alt: '' }, details, errors);
    expect(errors).toEqual({});
  });
});
