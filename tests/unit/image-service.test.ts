import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { imageSrcsetWidths } from '#app/components/Image.tsx';
import {
  createDiskVariantCache,
  createImageService,
  createJobQueue,
  makeVariant,
  QueueFullError,
} from '#app/infra/image-service.server.ts';
import { createLocalStorage, type Storage } from '#app/infra/storage.server.ts';
import { IMAGE_BREAKPOINTS, IMAGE_WIDTHS, imageVariantUrl, parseVariantRequest } from '#app/lib/image-url.ts';

const KEY = 'seed/Ab3xK9_-q.jpg';

let root: string;
let storage: Storage;
let original: Buffer;
let server: ReturnType<express.Express['listen']>;
let base: string;
let resize: ReturnType<typeof vi.fn<(bytes: Buffer, width: number) => Promise<Buffer>>>;
let isKnownImage: ReturnType<typeof vi.fn<(key: string) => Promise<boolean>>>;
let getOriginal: ReturnType<typeof vi.fn<Storage['get']>>;
let gate: Promise<void> | null = null;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'image-service-'));
  const local = createLocalStorage(path.join(root, 'uploads'));
  getOriginal = vi.fn<Storage['get']>(local.get);
  storage = { ...local, get: getOriginal };
  original = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#36a' } })
    .jpeg()
    .toBuffer();
  await local.put(KEY, original, 'image/jpeg');

  resize = vi.fn(async (bytes: Buffer, width: number) => {
    if (gate) await gate;
    return makeVariant(bytes, width);
  });
  isKnownImage = vi.fn(async (key: string) => key === KEY);
  const service = createImageService({
    storage,
    cache: createDiskVariantCache(path.join(root, 'variants')),
    isKnownImage,
    logger: { warn: () => {} },
    concurrency: 1,
    maxQueued: 2,
    resize,
  });
  const app = express();
  app.get('/_img/:modifiers/imgs/{*key}', service.handle);
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.close();
  await fs.rm(root, { recursive: true, force: true });
});

beforeEach(() => {
  resize.mockClear();
  getOriginal.mockClear();
  isKnownImage.mockClear();
});

describe('allowed widths', () => {
  it('are the breakpoints and their 2× densities, one list for the component and the service', () => {
    expect(IMAGE_WIDTHS).toEqual([320, 640, 768, 1024, 1280, 1536, 2048, 2560, 3072]);
    for (const width of IMAGE_BREAKPOINTS) {
      expect(parseVariantRequest(`f_webp,w_${width}`, KEY)).toEqual({ width, key: KEY });
      expect(parseVariantRequest(`f_webp,w_${width * 2}`, KEY)).toEqual({ width: width * 2, key: KEY });
    }
  });

  it('the component asks only for widths the service makes', () => {
    for (const rendered of [160, 320, 400, 640, 800, 1000, 1536]) {
      for (const originalWidth of [0, 300, 1000, 4000]) {
        const widths = imageSrcsetWidths(rendered, originalWidth);
        expect(widths.length).toBeGreaterThan(0);
        for (const width of widths) expect(IMAGE_WIDTHS).toContain(width);
      }
    }
    expect(imageSrcsetWidths(1536, 4000)).toEqual(IMAGE_WIDTHS);
    expect(imageSrcsetWidths(400, 4000)).toEqual([320, 640, 768, 1024]);
  });
});

describe('GET /_img/<modifiers>/imgs/<key>', () => {
  const refused = [
    'f_webp,w_5000',
    'f_png,w_640',
    'f_avif,w_640',
    'f_webp,w_640,blur_50',
    'blur_50,f_webp,w_640',
    'f_webp,w_640,rotate_90',
    'rotate_90',
    'enlarge,s_6000x6000,f_avif',
    's_6000x6000',
    'f_webp,s_640x360',
    'f_webp,w_641',
    'f_webp,w_0640',
    'w_640',
    'f_webp',
    '_',
  ];
  for (const modifiers of refused) {
    it(`refuses ${modifiers} with 400 before storage and sharp`, async () => {
      const response = await fetch(`${base}/_img/${modifiers}/imgs/${KEY}`);
      expect(response.status).toBe(400);
      expect(await response.text()).toBe('Неверный запрос изображения');
      expect(resize).not.toHaveBeenCalled();
      expect(getOriginal).not.toHaveBeenCalled();
      expect(isKnownImage).not.toHaveBeenCalled();
    });
  }

  it('refuses malformed keys with 400 before storage', async () => {
    for (const key of [
      'seed/../../etc/passwd',
      'seed/a.svg',
      'seed/a b.jpg',
      'seed//a.jpg',
      `seed/${'a'.repeat(300)}.jpg`,
    ]) {
      const response = await fetch(`${base}/_img/f_webp,w_640/imgs/${key}`);
      expect([400, 404]).toContain(response.status);
    }
    expect(getOriginal).not.toHaveBeenCalled();
    expect(resize).not.toHaveBeenCalled();
  });

  it('refuses a well-formed but unknown key with 400 without reading storage', async () => {
    const response = await fetch(`${base}/_img/f_webp,w_640/imgs/seed/unknown.jpg`);
    expect(response.status).toBe(400);
    expect(isKnownImage).toHaveBeenCalledWith('seed/unknown.jpg');
    expect(getOriginal).not.toHaveBeenCalled();
    expect(resize).not.toHaveBeenCalled();
  });

  it('makes a WebP variant once and serves it from the cache afterwards', async () => {
    const url = `${base}${imageVariantUrl(KEY, 768)}`;
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/webp');
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await first.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 768, height: 384 });
    expect(resize).toHaveBeenCalledTimes(1);

    const second = await fetch(url);
    expect(second.status).toBe(200);
    expect(second.headers.get('content-type')).toBe('image/webp');
    expect(second.headers.get('etag')).toBeTruthy();
    expect(second.headers.get('last-modified')).toBeTruthy();
    expect(Buffer.from(await second.arrayBuffer()).equals(bytes)).toBe(true);
    expect(resize).toHaveBeenCalledTimes(1);
    expect(getOriginal).toHaveBeenCalledTimes(1);

    // fetch adds `Cache-Control: no-cache` to conditional requests unless one is given, as a browser would not.
    const revalidated = await fetch(url, {
      headers: { 'If-None-Match': second.headers.get('etag')!, 'Cache-Control': 'max-age=0' },
    });
    expect(revalidated.status).toBe(304);
  });

  it('never enlarges: a width beyond the original gives the original width', async () => {
    const response = await fetch(`${base}${imageVariantUrl(KEY, 3072)}`);
    expect(response.status).toBe(200);
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(2000);
  });

  it('makes a variant asked for by many requests at once only once', async () => {
    let open!: () => void;
    gate = new Promise((resolve) => {
      open = resolve;
    });
    const url = `${base}${imageVariantUrl(KEY, 1024)}`;
    const responses = Array.from({ length: 8 }, () => fetch(url));
    await vi.waitFor(() => expect(resize).toHaveBeenCalledTimes(1));
    open();
    gate = null;
    const done = await Promise.all(responses);
    expect(done.map((response) => response.status)).toEqual(Array(8).fill(200));
    expect(resize).toHaveBeenCalledTimes(1);
  });

  it('asks whether a key is a stored image once for many of its variants', async () => {
    const key = 'seed/neverStored.jpg';
    const responses = await Promise.all(
      [320, 640, 768, 1024].map((width) => fetch(`${base}${imageVariantUrl(key, width)}`)),
    );
    expect(responses.map((response) => response.status)).toEqual([400, 400, 400, 400]);
    expect(isKnownImage).toHaveBeenCalledTimes(1);
  });

  it('answers 503 with Retry-After when the job queue is full', async () => {
    let open!: () => void;
    gate = new Promise((resolve) => {
      open = resolve;
    });
    // One job runs, two wait (maxQueued 2); the fourth distinct variant finds the queue full.
    const widths = [320, 640, 1280, 1536];
    const pending = widths.slice(0, 3).map((width) => fetch(`${base}${imageVariantUrl(KEY, width)}`));
    await vi.waitFor(() => expect(resize).toHaveBeenCalledTimes(1));
    const busy = await fetch(`${base}${imageVariantUrl(KEY, 1536)}`);
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('5');
    open();
    gate = null;
    expect((await Promise.all(pending)).map((response) => response.status)).toEqual([200, 200, 200]);
  });
});

describe('createJobQueue', () => {
  it('runs at most `concurrency` jobs and refuses beyond the wait list', async () => {
    const queue = createJobQueue(2, 1);
    let running = 0;
    let peak = 0;
    const releases: Array<() => void> = [];
    const job = () =>
      new Promise<void>((resolve) => {
        running += 1;
        peak = Math.max(peak, running);
        releases.push(() => {
          running -= 1;
          resolve();
        });
      });
    const jobs = [queue.run(job), queue.run(job), queue.run(job)];
    await expect(queue.run(job)).rejects.toBeInstanceOf(QueueFullError);
    expect(queue.active).toBe(2);
    expect(queue.queued).toBe(1);
    while (releases.length || running) {
      releases.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await Promise.all(jobs);
    expect(peak).toBe(2);
  });
});

describe('makeVariant', () => {
  it('refuses an input beyond the pixel limit', async () => {
    const flood = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await expect(makeVariant(flood, 320)).rejects.toThrow(/pixel limit/i);
  });
});
