/**
 * Public URLs of stored images and their resized variants. Shared by server and client code, so no server imports
 * here. `/imgs/<key>` maps to the storage root; `/_img/f_webp,w_<width>/imgs/<key>` is a WebP variant
 * (docs/product/images.md).
 */
export const IMAGE_URL_PREFIX = '/imgs';
export const IMAGE_VARIANT_PREFIX = '/_img';

/** The screen widths (xs 320 … 2xl 1536, docs/product/images.md). */
export const IMAGE_BREAKPOINTS = [320, 640, 768, 1024, 1280, 1536] as const;

/**
 * Every width the image service makes: the breakpoints and their 2× densities, ascending. The `Image` component
 * asks only for these and the service refuses any other, so both read this one list.
 */
export const IMAGE_WIDTHS: readonly number[] = [
  ...new Set([...IMAGE_BREAKPOINTS, ...IMAGE_BREAKPOINTS.map((width) => width * 2)]),
].sort((a, b) => a - b);

/** Storage keys the image intake makes: `<prefix>/<random>.<ext>` (letters, digits, `_`, `-` in each segment). */
const KEY_PATTERN = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.(?:jpg|jpeg|png|webp)$/;
const MAX_KEY_LENGTH = 200;

export function publicImageUrl(key: string): string {
  return `${IMAGE_URL_PREFIX}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/** The WebP variant of `key` at `width` (one of IMAGE_WIDTHS). */
export function imageVariantUrl(key: string, width: number): string {
  return `${IMAGE_VARIANT_PREFIX}/${variantModifiers(width)}${publicImageUrl(key)}`;
}

export function variantModifiers(width: number): string {
  return `f_webp,w_${width}`;
}

/** The smallest product width at least `width` wide (the largest one when none is). */
export function snapImageWidth(width: number): number {
  return IMAGE_WIDTHS.find((candidate) => candidate >= width) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
}

export interface VariantRequest {
  width: number;
  key: string;
}

/**
 * Reads `<modifiers>` and `<key>` of `/_img/<modifiers>/imgs/<key>`. Only `f_webp,w_<one of IMAGE_WIDTHS>` and a key
 * of the intake's shape pass; anything else is null (the service answers 400 without touching storage or sharp).
 */
export function parseVariantRequest(modifiers: string, key: string): VariantRequest | null {
  const match = /^f_webp,w_([1-9][0-9]{2,3})$/.exec(modifiers);
  if (!match) return null;
  const width = Number(match[1]);
  if (!IMAGE_WIDTHS.includes(width)) return null;
  if (key.length > MAX_KEY_LENGTH || !KEY_PATTERN.test(key)) return null;
  return { width, key };
}

/** What the `Image` component needs to render a stored picture. */
export interface ImageRef {
  key: string;
  width: number;
  height: number;
  placeholder: string;
  /** The focal point in percent (docs/product/images.md); the centre when absent. */
  focalX?: number;
  focalY?: number;
  /** The description shown as `alt`; empty with `decorative`. */
  alt?: string;
  decorative?: boolean;
}

/**
 * Where a picture is anchored in any box that crops it (`object-fit: cover`): CSS places the picture's point at
 * `x% y%` on the box's point at `x% y%`, so the focal point is inside every crop, whatever the box's ratio.
 */
export function focalPosition(image: Pick<ImageRef, 'focalX' | 'focalY'>): string {
  return `${image.focalX ?? 50}% ${image.focalY ?? 50}%`;
}

/** The `alt` of a picture: its description, or empty when it is decorative. */
export function imageAlt(image: Pick<ImageRef, 'alt' | 'decorative'>): string {
  return image.decorative ? '' : (image.alt ?? '');
}
