/**
 * Public URL of a stored image. Shared by server and client code, so no server imports here.
 * SPEC §8: "Paths starting with `/imgs` map to the storage root".
 */
export const IMAGE_URL_PREFIX = '/imgs';

export function publicImageUrl(key: string): string {
  return `${IMAGE_URL_PREFIX}/${key.split('/').map(encodeURIComponent).join('/')}`;
}
