/**
 * Image intake: every upload (and every seed picture) passes through here once. The bytes are
 * checked by content, decoded with a pixel limit, auto-rotated and re-encoded — which strips EXIF,
 * GPS and other metadata — and stored with their size and a tiny blurred placeholder (docs/product/images.md).
 */
import { randomBytes } from 'node:crypto';
import type { Metadata, OutputInfo } from 'sharp';
import { loadSharp } from '#app/infra/sharp.server.ts';
import { assertSafeStorageKey, type Storage } from '#app/infra/storage.server.ts';
import { type ImageDetails, insertImage } from '#app/models/image.server.ts';

export type { ImageDetails };

import type { Database } from '#db/index.ts';
import type { Image } from '#db/schema.ts';

/** Largest accepted upload. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Largest accepted decoded size, guarding against decompression bombs. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** The placeholder: 10×10, quality 50, blur 3 (docs/product/images.md). */
export const PLACEHOLDER = { width: 10, height: 10, quality: 50, blur: 3 } as const;

/** Thrown for input a user can fix; `message` is Russian and safe to show next to the field. */
export class ImageRejectedError extends Error {
  override name = 'ImageRejectedError';
}

type Format = 'jpeg' | 'png' | 'webp' | 'avif';

/** What we store for each accepted input format. AVIF is re-encoded to WebP: encoding AVIF is slow. */
const OUTPUT: Record<Format, { format: 'jpeg' | 'png' | 'webp'; mime: string; ext: string }> = {
  jpeg: { format: 'jpeg', mime: 'image/jpeg', ext: 'jpg' },
  png: { format: 'png', mime: 'image/png', ext: 'png' },
  webp: { format: 'webp', mime: 'image/webp', ext: 'webp' },
  avif: { format: 'webp', mime: 'image/webp', ext: 'webp' },
};

const AVIF_BRANDS = new Set(['avif', 'avis']);

/**
 * Format by magic bytes, before any decoder sees the data: SVG, GIF, TIFF, HEIC and anything else
 * never reach libvips at all.
 */
export function sniffImageFormat(bytes: Buffer): Format | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  if (bytes.length >= 16 && bytes.toString('latin1', 4, 8) === 'ftyp') {
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    // Major brand at 8..12, then the minor version, then compatible brands.
    for (let offset = 8; offset + 4 <= boxSize; offset += offset === 8 ? 8 : 4) {
      if (AVIF_BRANDS.has(bytes.toString('latin1', offset, offset + 4))) return 'avif';
    }
  }
  return null;
}

export interface PreparedImage {
  bytes: Buffer;
  mimeType: string;
  ext: string;
  width: number;
  height: number;
  placeholder: string;
}

/** Validates and re-encodes; no I/O. Throws `ImageRejectedError` for unacceptable input. */
export async function prepareImage(input: Buffer): Promise<PreparedImage> {
  if (input.length === 0) throw new ImageRejectedError('Файл пустой');
  if (input.length > MAX_IMAGE_BYTES) {
    throw new ImageRejectedError(`Файл больше ${MAX_IMAGE_BYTES / 1024 / 1024} МБ`);
  }
  const format = sniffImageFormat(input);
  if (!format) throw new ImageRejectedError('Файл не похож на изображение JPEG, PNG, WebP или AVIF');

  // failOn 'warning' makes truncated or corrupt data an error instead of a half-grey picture.
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning' } as const;
  let metadata: Metadata;
  try {
    // Only the header is read here, so no pixel limit yet: we want our own message for big images.
    metadata = await (await loadSharp())(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError('Не удалось прочитать изображение: файл повреждён');
  }
  if (!metadata.width || !metadata.height) {
    throw new ImageRejectedError('Не удалось прочитать изображение: файл повреждён');
  }
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) {
    throw new ImageRejectedError(
      `Изображение слишком большое: не больше ${MAX_IMAGE_PIXELS / 1_000_000} мегапикселей (сейчас ${metadata.width}×${metadata.height})`,
    );
  }

  const output = OUTPUT[format];
  let encoded: { data: Buffer; info: OutputInfo };
  try {
    // .rotate() applies the EXIF orientation; without .keepMetadata() sharp writes no metadata at all.
    const pipeline = (await loadSharp())(input, options).rotate();
    if (output.format === 'jpeg') pipeline.jpeg({ quality: 85 });
    else if (output.format === 'png') pipeline.png();
    else pipeline.webp({ quality: 85 });
    encoded = await pipeline.toBuffer({ resolveWithObject: true });
  } catch {
    throw new ImageRejectedError('Не удалось прочитать изображение: файл повреждён или обрезан');
  }

  return {
    bytes: encoded.data,
    mimeType: output.mime,
    ext: output.ext,
    width: encoded.info.width,
    height: encoded.info.height,
    placeholder: await makePlaceholder(encoded.data),
  };
}

/**
 * A 10×10 blurred WebP as a data URI. `fit: 'fill'` squeezes the whole picture in, so stretched back
 * to the image's box it matches the picture's colours where they are.
 */
export async function makePlaceholder(bytes: Buffer): Promise<string> {
  const data = await (await loadSharp())(bytes)
    .resize(PLACEHOLDER.width, PLACEHOLDER.height, { fit: 'fill' })
    .blur(PLACEHOLDER.blur)
    .webp({ quality: PLACEHOLDER.quality })
    .toBuffer();
  return `data:image/webp;base64,${data.toString('base64')}`;
}

/** Writes a prepared image to storage and records it; the file is removed again if the insert fails. */
export async function saveImage(
  db: Database,
  storage: Storage,
  image: PreparedImage,
  options: { keyPrefix: string; details?: ImageDetails },
): Promise<Image> {
  const key = `${options.keyPrefix}/${randomBytes(12).toString('base64url')}.${image.ext}`;
  assertSafeStorageKey(key);
  await storage.put(key, image.bytes, image.mimeType);
  try {
    return await insertImage(db, {
      storage_key: key,
      mime_type: image.mimeType,
      width: image.width,
      height: image.height,
      byte_size: image.bytes.length,
      placeholder: image.placeholder,
      ...(options.details
        ? {
            focal_x: options.details.focalX,
            focal_y: options.details.focalY,
            alt: options.details.decorative ? '' : options.details.alt,
            decorative: options.details.decorative,
          }
        : {}),
    });
  } catch (error) {
    await storage.remove(key).catch(() => {});
    throw error;
  }
}

/** Checks, re-encodes, stores and records an image. Throws `ImageRejectedError` with a Russian message. */
export async function ingestImage(
  db: Database,
  storage: Storage,
  bytes: Buffer,
  options: { keyPrefix: string },
): Promise<Image> {
  return saveImage(db, storage, await prepareImage(bytes), options);
}

export interface ImageSize {
  width: number;
  height: number;
  /** width / height; 0 when unknown. */
  ratio: number;
}

/** pino-compatible: `logger.warn({ key }, 'message')`. */
export interface WarnLogger {
  warn(fields: Record<string, unknown>, message: string): void;
}

const consoleLogger: WarnLogger = {
  warn(fields, message) {
    console.warn(JSON.stringify({ level: 'warn', time: new Date().toISOString(), msg: message, ...fields }));
  },
};

/**
 * Size of a stored image as displayed (EXIF orientation applied).
 * A failed read gives width 0, height 0, ratio 0 and logs a message (docs/product/images.md).
 */
export async function readImageSize(
  storage: Storage,
  key: string,
  logger: WarnLogger = consoleLogger,
): Promise<ImageSize> {
  try {
    const bytes = await storage.get(key);
    if (!bytes) throw new Error('not found in storage');
    const metadata = await (await loadSharp())(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    const { width, height } = metadata.autoOrient ?? metadata;
    if (!width || !height) throw new Error('image has no dimensions');
    return { width, height, ratio: width / height };
  } catch (error) {
    logger.warn({ key, error: error instanceof Error ? error.message : String(error) }, 'failed to read image size');
    return { width: 0, height: 0, ratio: 0 };
  }
}
