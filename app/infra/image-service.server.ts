/**
 * The image service (docs/product/images.md, docs/decisions/0023-own-image-service-instead-of-ipx.md):
 * `GET /_img/f_webp,w_<width>/imgs/<key>` answers a WebP variant of a stored original at one of the product widths.
 *
 *   1. The request is checked first: anything but `f_webp` at a width of IMAGE_WIDTHS and a key of the intake's
 *      shape is a 400 before storage or sharp are touched.
 *   2. A variant made before is served from the variant cache like a static file (immutable, ETag, Last-Modified).
 *   3. Otherwise the key must be a known image (else 400); the variant is made once however many requests ask for it
 *      at the same time, by a small job queue (JOB_CONCURRENCY sharp jobs at a time, a bounded wait list, 503 with
 *      Retry-After when it is full), so originals and pages never wait behind resizing.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { loadSharp } from '#app/infra/sharp.server.ts';
import { InvalidStorageKeyError, type Storage, writeFileAtomically } from '#app/infra/storage.server.ts';
import { parseVariantRequest, type VariantRequest } from '#app/lib/image-url.ts';

/** The same bound the upload intake sets (docs/product/images.md): nothing larger is ever decoded. */
export const VARIANT_MAX_INPUT_PIXELS = 40_000_000;
export const VARIANT_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const WEBP_QUALITY = 75;
const JOB_TIMEOUT_SECONDS = 15;

export class QueueFullError extends Error {
  override name = 'QueueFullError';
}

/**
 * Runs at most `concurrency` jobs at a time; up to `maxQueued` more wait in order; beyond that `run` rejects at once
 * with QueueFullError.
 */
export function createJobQueue(concurrency: number, maxQueued: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    active -= 1;
    const next = waiting.shift();
    if (next) {
      active += 1;
      next();
    }
  };
  return {
    get active() {
      return active;
    },
    get queued() {
      return waiting.length;
    },
    /** Whether `run` would refuse a job right now. */
    get full() {
      return active >= concurrency && waiting.length >= maxQueued;
    },
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (active >= concurrency) {
        if (waiting.length >= maxQueued) throw new QueueFullError('image queue full');
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        active += 1;
      }
      try {
        return await job();
      } finally {
        release();
      }
    },
  };
}

/** Where made variants are kept: a directory on local disk, or a key prefix in the (S3) storage. */
export interface VariantCache {
  /** Sends the cached variant and returns true, or returns false when it is not cached. */
  serve(name: string, req: Request, res: Response): Promise<boolean>;
  put(name: string, bytes: Buffer): Promise<void>;
}

function sendHeaders(res: Response) {
  res.set('Cache-Control', VARIANT_CACHE_CONTROL);
  res.set('X-Content-Type-Options', 'nosniff');
}

/** Variants as files under `dir`, sent with express's static file sender (ETag, Last-Modified, 304, ranges). */
export function createDiskVariantCache(dir: string): VariantCache {
  const root = path.resolve(dir);
  return {
    async serve(name, _req, res) {
      const file = path.join(root, name);
      try {
        await fs.access(file);
      } catch {
        return false;
      }
      sendHeaders(res);
      await new Promise<void>((resolve, reject) => {
        res.sendFile(
          file,
          { headers: { 'Content-Type': 'image/webp' }, cacheControl: false, dotfiles: 'allow' },
          (err) => (err && !res.headersSent ? reject(err) : resolve()),
        );
      });
      return true;
    },
    async put(name, bytes) {
      await writeFileAtomically(path.join(root, name), bytes);
    },
  };
}

/** Variants stored beside the originals under `_variants/` (the S3 bucket), sent with an ETag of their content. */
export function createStorageVariantCache(storage: Storage, prefix = '_variants'): VariantCache {
  return {
    async serve(name, req, res) {
      const bytes = await storage.get(`${prefix}/${name}`);
      if (!bytes) return false;
      sendHeaders(res);
      res.set('ETag', `"${crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`);
      if (req.fresh) {
        res.status(304).end();
      } else {
        res.type('image/webp').send(bytes);
      }
      return true;
    },
    async put(name, bytes) {
      await storage.put(`${prefix}/${name}`, bytes, 'image/webp');
    },
  };
}

/** The cache name of a variant: `w_<width>/<key>.webp`. */
export function variantName(request: VariantRequest): string {
  return `w_${request.width}/${request.key}.webp`;
}

/** Resizes an original to `width` (never enlarging) as WebP, decoding at most VARIANT_MAX_INPUT_PIXELS. */
export async function makeVariant(original: Buffer, width: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(original, { limitInputPixels: VARIANT_MAX_INPUT_PIXELS, failOn: 'error' })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .timeout({ seconds: JOB_TIMEOUT_SECONDS })
    .toBuffer();
}

export interface ImageServiceOptions {
  storage: Storage;
  cache: VariantCache;
  /** Whether `key` is a stored image (a row of `images`); unknown keys are refused with 400. */
  isKnownImage: (key: string) => Promise<boolean>;
  logger: { warn: (obj: object, msg: string) => void };
  /** sharp jobs at a time (default 1) and how many more may wait (default 16). */
  concurrency?: number;
  maxQueued?: number;
  /** Replaceable in tests. */
  resize?: (original: Buffer, width: number) => Promise<Buffer>;
}

class UnknownImageError extends Error {}

export function createImageService(options: ImageServiceOptions) {
  const { storage, cache, isKnownImage, logger } = options;
  const resize = options.resize ?? makeVariant;
  const queue = createJobQueue(options.concurrency ?? 1, options.maxQueued ?? 16);
  const inFlight = new Map<string, Promise<Buffer>>();

  // Whether a key is a stored image, remembered for a minute (at most 5,000 keys) and asked once however many
  // variants of it are requested at the same time: with embedded PGlite every query runs on the main thread.
  const known = new Map<string, { at: number; answer: Promise<boolean> }>();
  function isKnown(key: string): Promise<boolean> {
    const now = Date.now();
    const remembered = known.get(key);
    if (remembered && now - remembered.at < 60_000) return remembered.answer;
    if (known.size >= 5_000) known.clear();
    const answer = isKnownImage(key);
    known.set(key, { at: now, answer });
    answer.catch(() => known.delete(key));
    return answer;
  }

  async function generate(request: VariantRequest, name: string): Promise<Buffer> {
    // A full queue refuses at once, before even the database is asked.
    if (queue.full) throw new QueueFullError('image queue full');
    if (!(await isKnown(request.key))) throw new UnknownImageError();
    return queue.run(async () => {
      let original: Buffer | null;
      try {
        original = await storage.get(request.key);
      } catch (error) {
        if (error instanceof InvalidStorageKeyError) throw new UnknownImageError();
        throw error;
      }
      if (!original) throw new UnknownImageError();
      const bytes = await resize(original, request.width);
      await cache.put(name, bytes);
      return bytes;
    });
  }

  /** Makes the variant once for any number of simultaneous requests. */
  function generateOnce(request: VariantRequest, name: string): Promise<Buffer> {
    let pending = inFlight.get(name);
    if (!pending) {
      pending = generate(request, name).finally(() => inFlight.delete(name));
      inFlight.set(name, pending);
    }
    return pending;
  }

  function refuse(res: Response, status: number, text: string) {
    res.status(status).set('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(text);
  }

  /** A cache that cannot be read counts as a miss (logged); the variant is then made again. */
  async function serveCached(name: string, req: Request, res: Response): Promise<boolean> {
    try {
      return await cache.serve(name, req, res);
    } catch (error) {
      if (res.headersSent) return true;
      logger.warn({ err: error, name }, 'image variant cache read failed');
      return false;
    }
  }

  /** Express handler for `/_img/:modifiers/imgs/{*key}`. */
  async function handle(req: Request, res: Response, next: NextFunction) {
    try {
      const modifiers = String(req.params.modifiers ?? '');
      const key = ([] as string[]).concat((req.params as { key?: string | string[] }).key ?? []).join('/');
      const request = parseVariantRequest(modifiers, key);
      if (!request) return refuse(res, 400, 'Неверный запрос изображения');
      const name = variantName(request);
      if (await serveCached(name, req, res)) return;
      let bytes: Buffer;
      try {
        bytes = await generateOnce(request, name);
      } catch (error) {
        if (error instanceof UnknownImageError) return refuse(res, 400, 'Неизвестное изображение');
        if (error instanceof QueueFullError) {
          res.set('Retry-After', '5');
          return refuse(res, 503, 'Сервис изображений занят, повторите позже');
        }
        logger.warn({ err: error, key: request.key, width: request.width }, 'image variant failed');
        return refuse(res, 503, 'Изображение временно недоступно');
      }
      if (await serveCached(name, req, res)) return;
      sendHeaders(res);
      res.type('image/webp').send(bytes);
    } catch (error) {
      next(error);
    }
  }

  return { handle, queue };
}
