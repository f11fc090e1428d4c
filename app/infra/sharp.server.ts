/**
 * sharp (libvips), loaded on first use: an upload, a new image variant or a picture's size. Loading it maps ~30 MB of
 * native libraries and starts libvips' allocator, which a server that only serves pages, the API and exports never
 * needs (docs/decisions/0035-fast-bid-export.md has the measurements).
 */
import type sharpModule from 'sharp';

export type Sharp = typeof sharpModule;

let loading: Promise<Sharp> | null = null;

export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // One libvips thread per sharp job and one job at a time (the image service's queue): resizing takes at most one
    // core and one libuv thread, so originals, pages and uploads never wait behind it.
    sharp.concurrency(1);
    // No libvips operation cache (50 MB by default): every variant is made once and stored, every upload read once,
    // so cached operations are never reused; they only held memory (~10–15 MB of RSS after seeding the demo pictures).
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
