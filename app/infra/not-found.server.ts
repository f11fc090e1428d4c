/**
 * The one way a loader or action answers 404 (docs/product/errors.md): a thrown `data()` answer whose text the error
 * page of the nearest layout shows (the site's root error page, or the staff layout's with its navigation kept).
 */
import { data } from 'react-router';

/** Throws the 404 answer `message` (Russian on staff pages; the site's own page reads its text itself). */
export function notFound(message: string, headers?: HeadersInit): never {
  throw data(message, { status: 404, headers });
}
