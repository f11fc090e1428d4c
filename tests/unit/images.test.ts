import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalStorage, type Storage } from '#app/infra/storage.server.ts';
import { publicImageUrl } from '#app/lib/image-url.ts';
import {
  ImageRejectedError,
  ingestImage,
  MAX_IMAGE_BYTES,
  readImageSize,
  type WarnLogger,
} from '#app/services/image-intake.server.ts';
import { openTestDb, type TestDb } from '#tests/integration/db-harness.ts';

const NOT_AN_IMAGE = 'Файл не похож на изображение JPEG, PNG, WebP или AVIF';

function solid(width: number, height: number, background = '#3a7') {
  return sharp({ create: { width, height, channels: 3, background } });
}

let testDb: TestDb;
let root: string;
let storage: Storage;

beforeAll(async () => {
  testDb = await openTestDb();
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'images-test-'));
  storage = createLocalStorage(root);
});

afterAll(async () => {
  await testDb?.close();
  await fs.rm(root, { recursive: true, force: true });
});

async function imageCount() {
  const row = await testDb.db
    .selectFrom('images')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function expectRejected(bytes: Buffer, message: string | RegExp) {
  const before = await imageCount();
  const attempt = ingestImage(testDb.db, storage, bytes, { keyPrefix: 'test' });
  await expect(attempt).rejects.toBeInstanceOf(ImageRejectedError);
  await expect(attempt).rejects.toThrow(message);
  expect(await imageCount()).toBe(before);
}

describe('ingestImage', () => {
  it('stores a PNG with its size, type and placeholder', async () => {
    const png = await solid(64, 48).png().toBuffer();
    const image = await ingestImage(testDb.db, storage, png, { keyPrefix: 'test' });

    expect(image).toMatchObject({ mime_type: 'image/png', width: 64, height: 48 });
    expect(image.storage_key).toMatch(/^test\/[\w-]+\.png$/);
    const stored = await storage.get(image.storage_key);
    expect(stored?.length).toBe(image.byte_size);
    expect((await sharp(stored!).metadata()).format).toBe('png');
  });

  it('stores a JPEG as JPEG', async () => {
    const jpeg = await solid(120, 80).jpeg().toBuffer();
    const image = await ingestImage(testDb.db, storage, jpeg, { keyPrefix: 'test' });
    expect(image).toMatchObject({ mime_type: 'image/jpeg', width: 120, height: 80 });
    expect(image.storage_key).toMatch(/\.jpg$/);
  });

  it('re-encodes an AVIF as WebP', async () => {
    const avif = await solid(40, 20).avif().toBuffer();
    const image = await ingestImage(testDb.db, storage, avif, { keyPrefix: 'test' });
    expect(image).toMatchObject({ mime_type: 'image/webp', width: 40, height: 20 });
  });

  it('makes a 10×10 WebP placeholder as a data URI', async () => {
    const image = await ingestImage(testDb.db, storage, await solid(300, 200).jpeg().toBuffer(), {
      keyPrefix: 'test',
    });
    const prefix = 'data:image/webp;base64,';
    expect(image.placeholder.startsWith(prefix)).toBe(true);
    const placeholder = await sharp(Buffer.from(image.placeholder.slice(prefix.length), 'base64')).metadata();
    expect(placeholder).toMatchObject({ format: 'webp', width: 10, height: 10 });
  });

  it('applies the EXIF orientation and strips EXIF metadata', async () => {
    const jpeg = await solid(40, 20)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret owner', Artist: 'Someone' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const image = await ingestImage(testDb.db, storage, jpeg, { keyPrefix: 'test' });
    expect(image).toMatchObject({ width: 20, height: 40 });
    const stored = await sharp((await storage.get(image.storage_key))!).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
  });

  it('refuses an SVG with a script', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    await expectRejected(svg, NOT_AN_IMAGE);
  });

  it('refuses a text file', async () => {
    await expectRejected(Buffer.from('Просто текст, а не картинка\n'), NOT_AN_IMAGE);
  });

  it('refuses a GIF', async () => {
    await expectRejected(await solid(10, 10).gif().toBuffer(), NOT_AN_IMAGE);
  });

  it('refuses a truncated JPEG', async () => {
    const jpeg = await solid(400, 300, '#c33').jpeg().toBuffer();
    await expectRejected(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), /повреждён/);
  });

  it('refuses an image above the pixel limit', async () => {
    // 8000 × 5001 ≈ 40.01 megapixels, just above the limit; a flat colour keeps the file small.
    const png = await solid(8000, 5001, '#fff').png({ compressionLevel: 1 }).toBuffer();
    await expectRejected(png, 'Изображение слишком большое: не больше 40 мегапикселей');
  });

  it('refuses a file above the byte limit', async () => {
    const bytes = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    bytes.set([0xff, 0xd8, 0xff]);
    await expectRejected(bytes, 'Файл больше 10 МБ');
  });
});

describe('readImageSize', () => {
  it('reads the size and ratio of a stored image', async () => {
    const image = await ingestImage(testDb.db, storage, await solid(300, 200).png().toBuffer(), {
      keyPrefix: 'test',
    });
    expect(await readImageSize(storage, image.storage_key)).toEqual({ width: 300, height: 200, ratio: 1.5 });
  });

  it('gives 0 × 0, ratio 0 and logs a message when the image is missing', async () => {
    const logger: WarnLogger = { warn: vi.fn() };
    expect(await readImageSize(storage, 'test/missing.jpg', logger)).toEqual({ width: 0, height: 0, ratio: 0 });
    expect(logger.warn).toHaveBeenCalledWith(expect.objectContaining({ key: 'test/missing.jpg' }), expect.any(String));
  });

  it('gives 0 × 0, ratio 0 and logs a JSON line when the bytes are not an image', async () => {
    await storage.put('test/broken.jpg', Buffer.from('not an image'), 'image/jpeg');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(await readImageSize(storage, 'test/broken.jpg')).toEqual({ width: 0, height: 0, ratio: 0 });
      expect(warn).toHaveBeenCalledOnce();
      expect(JSON.parse(String(warn.mock.calls[0]![0]))).toMatchObject({ level: 'warn', key: 'test/broken.jpg' });
    } finally {
      warn.mockRestore();
    }
  });
});

describe('local storage', () => {
  it('round-trips bytes and forgets removed keys', async () => {
    await storage.put('a/b/c.bin', Buffer.from([1, 2, 3]), 'application/octet-stream');
    expect(await storage.get('a/b/c.bin')).toEqual(Buffer.from([1, 2, 3]));
    await storage.remove('a/b/c.bin');
    expect(await storage.get('a/b/c.bin')).toBeNull();
    await storage.remove('a/b/c.bin');
  });

  it.each(['../escape.jpg', 'a/../../escape.jpg', '/etc/passwd', 'a\\..\\b', '', 'a//b'])(
    'refuses the unsafe key %j',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.get(key)).rejects.toThrow(/Unsafe storage key/);
    },
  );

  it('maps a key to its public /imgs URL', () => {
    expect(publicImageUrl('seed/abc.jpg')).toBe('/imgs/seed/abc.jpg');
  });
});
