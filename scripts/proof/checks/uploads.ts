/**
 * Hostile uploads through a staff image form (a new coach with a photo), signed in as an admin: each payload must
 * be refused (no 5xx) or stored re-encoded, and no stored file may carry any of the payload's marker bytes.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { withPgClient } from '#scripts/lib/pg-client.ts';
import { type FilePart, multipartBody, send } from '#scripts/proof/http.ts';
import { record } from '#scripts/proof/report.ts';
import type { RunningServer } from '#scripts/proof/server.ts';
import { ADMIN } from '#scripts/proof/server.ts';
import { signIn } from '#scripts/proof/staff.ts';

const MARK = 'PROOFMARK7Q';

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 1-bit greyscale PNG of width × height pixels that compresses to almost nothing. */
function floodPng(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const row = Math.ceil(width / 8) + 1;
  const idat = zlib.deflateSync(Buffer.alloc(row * Math.min(height, 2000)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function payloads(): Promise<Array<{ name: string; file: Omit<FilePart, 'name'> }>> {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3c3' } })
    .png()
    .toBuffer();
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert('${MARK}')</script><rect width="10" height="10"/></svg>`,
  );
  const html = Buffer.from(`<!doctype html><html><body><script>alert('${MARK}')</script></body></html>`);
  const pngWithText = Buffer.concat([
    png.subarray(0, png.length - 12),
    pngChunk('tEXt', Buffer.from(`Comment\0<script>${MARK}</script>`, 'latin1')),
    png.subarray(png.length - 12),
  ]);
  const exifJpeg = await sharp(jpeg)
    .withExif({ IFD0: { ImageDescription: MARK, Copyright: MARK } })
    .jpeg()
    .toBuffer();
  const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.from(`${MARK}.html<script>${MARK}</script>`)]);
  return [
    { name: 'SVG with script', file: { filename: 'x.svg', contentType: 'image/svg+xml', bytes: svg } },
    { name: 'SVG named .png', file: { filename: 'x.png', contentType: 'image/png', bytes: svg } },
    { name: 'HTML named .jpg', file: { filename: 'photo.jpg', contentType: 'image/jpeg', bytes: html } },
    {
      name: 'JPEG + HTML polyglot',
      file: { filename: 'poly.jpg', contentType: 'image/jpeg', bytes: Buffer.concat([jpeg, html]) },
    },
    {
      name: 'JPEG + ZIP polyglot',
      file: { filename: 'poly.jpg', contentType: 'image/jpeg', bytes: Buffer.concat([jpeg, zip]) },
    },
    { name: 'PNG with script text chunk', file: { filename: 'x.png', contentType: 'image/png', bytes: pngWithText } },
    { name: 'JPEG with EXIF marker', file: { filename: 'x.jpg', contentType: 'image/jpeg', bytes: exifJpeg } },
    {
      name: 'pixel flood 60000×60000 PNG',
      file: { filename: 'flood.png', contentType: 'image/png', bytes: floodPng(60_000, 60_000) },
    },
    {
      name: 'pixel flood 10000×9000 PNG',
      file: { filename: 'flood.png', contentType: 'image/png', bytes: floodPng(10_000, 9_000) },
    },
    {
      name: 'truncated JPEG',
      file: { filename: 'cut.jpg', contentType: 'image/jpeg', bytes: jpeg.subarray(0, jpeg.length >> 1) },
    },
    { name: 'truncated PNG', file: { filename: 'cut.png', contentType: 'image/png', bytes: png.subarray(0, 40) } },
    {
      name: 'oversized 12 MB JPEG',
      file: {
        filename: 'big.jpg',
        contentType: 'image/jpeg',
        bytes: Buffer.concat([jpeg, Buffer.alloc(12 * 1024 * 1024, MARK)]),
      },
    },
    { name: 'PNG named .jpg', file: { filename: 'x.jpg', contentType: 'image/jpeg', bytes: png } },
    { name: 'JPEG named .exe', file: { filename: 'x.exe', contentType: 'application/octet-stream', bytes: jpeg } },
    { name: 'empty file', file: { filename: 'empty.jpg', contentType: 'image/jpeg', bytes: Buffer.alloc(0) } },
  ];
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

export async function uploadsCheck(server: RunningServer, databaseUrl: string) {
  const admin = await signIn(server.base, ADMIN);
  const uploads = path.join(server.dataDir, 'uploads');
  const imagesBefore = await withPgClient(databaseUrl, async (client) =>
    Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM images')).rows[0]!.n),
  );
  const outcomes: string[] = [];
  let refused = 0;
  let stored = 0;
  let serverErrors = 0;
  for (const [i, payload] of (await payloads()).entries()) {
    const before = new Set(filesUnder(uploads));
    const { body, headers } = multipartBody(
      [
        ['full_name', `Проверка загрузки ${i}`],
        ['photo_image_id', ''],
        ['published', 'on'],
      ],
      [{ name: 'photo_image_id__file', ...payload.file }],
    );
    const reply = await send(`${server.base}/admin/coaches/new`, {
      method: 'POST',
      body,
      headers,
      localAddress: admin.address,
      jar: admin.jar,
      timeoutMs: 60_000,
    });
    const added = filesUnder(uploads).filter((file) => !before.has(file));
    const dirty = added.filter((file) => fs.readFileSync(file).includes(MARK));
    if (reply.status >= 500 || reply.status === 0) serverErrors += 1;
    if (added.length === 0) refused += 1;
    else stored += 1;
    if (dirty.length || reply.status >= 500 || reply.status === 0) {
      outcomes.push(`${payload.name}: ${reply.status || reply.error}${dirty.length ? ', payload stored' : ''}`);
    }
  }
  // Everything stored anywhere (originals, variants) checked once more for the marker.
  const everything = filesUnder(server.dataDir).filter((file) => !file.includes(`${path.sep}pglite${path.sep}`));
  const dirtyAnywhere = everything.filter(
    (file) => fs.statSync(file).size < 50_000_000 && fs.readFileSync(file).includes(MARK),
  );
  const imagesAfter = await withPgClient(databaseUrl, async (client) =>
    Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM images')).rows[0]!.n),
  );
  record(
    'hostile uploads',
    `${refused + stored} payloads: ${refused} refused, ${stored} stored re-encoded (${imagesAfter - imagesBefore} image rows), ${serverErrors} 5xx, ${dirtyAnywhere.length} files with payload${outcomes.length ? ` (${outcomes.slice(0, 3).join('; ')})` : ''}`,
    'refused or re-encoded clean, no 5xx',
    serverErrors === 0 && dirtyAnywhere.length === 0 && outcomes.length === 0,
  );
}
