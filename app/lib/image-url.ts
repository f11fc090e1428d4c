/**
 * Public URL of a stored image. Shared by server and client code, so no server imports here.
 * `/imgs/<key>` maps to the storage root (docs/product/images.md).
 */
export const IMAGE_URL_PREFIX = '/imgs';

export function publicImageUrl(key: string): string {
  return `${IMAGE_URL_PREFIX}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/** What the `Image` component needs to render a stored picture. */
export interface ImageRef {
  key: string;
  width: number;
  height: number;
  placeholder: string;
}
