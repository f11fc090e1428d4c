import { describe, expect, it } from 'vitest';
import { createS3Storage, createStorageFromEnv, InvalidStorageKeyError } from '#app/infra/storage.server.ts';

/** A fake S3 endpoint: records signed requests and keeps objects in a map. */
function fakeS3() {
  const objects = new Map<string, Buffer>();
  const requests: Request[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    const { pathname } = new URL(request.url);
    if (request.method === 'PUT') {
      objects.set(pathname, Buffer.from(await request.arrayBuffer()));
      return new Response(null, { status: 200 });
    }
    if (request.method === 'GET') {
      const object = objects.get(pathname);
      return object ? new Response(new Uint8Array(object)) : new Response('NoSuchKey', { status: 404 });
    }
    if (request.method === 'DELETE') {
      objects.delete(pathname);
      return new Response(null, { status: 204 });
    }
    return new Response(null, { status: 405 });
  }) as typeof fetch;
  return { objects, requests, fetchImpl };
}

const config = {
  endpoint: 'https://storage.example/',
  bucket: 'club-images',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'secret',
};

describe('S3-compatible storage', () => {
  it('puts, gets and removes objects with SigV4-signed path-style requests', async () => {
    const s3 = fakeS3();
    const storage = createS3Storage(config, s3.fetchImpl);
    await storage.put('uploads/a b.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
    expect(s3.requests[0]!.url).toBe('https://storage.example/club-images/uploads/a%20b.jpg');
    expect(s3.requests[0]!.headers.get('authorization')).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\//);
    expect(s3.requests[0]!.headers.get('content-type')).toBe('image/jpeg');
    expect((await storage.get('uploads/a b.jpg'))?.toString()).toBe('jpeg bytes');
    await storage.remove('uploads/a b.jpg');
    expect(await storage.get('uploads/a b.jpg')).toBeNull();
  });

  it('refuses keys that could escape the bucket prefix', async () => {
    const storage = createS3Storage(config, fakeS3().fetchImpl);
    await expect(storage.get('../other-bucket/x.jpg')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  it('reports a failing server instead of pretending success', async () => {
    const storage = createS3Storage(config, (async () => new Response('denied', { status: 403 })) as typeof fetch);
    await expect(storage.put('x.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/403/);
  });

  it('is chosen only when every S3 setting is present', () => {
    expect(createStorageFromEnv({}, '/tmp/club').kind).toBe('local');
    expect(createStorageFromEnv({ S3_ENDPOINT: 'https://s3.example', S3_BUCKET: 'b' }, '/tmp/club').kind).toBe('local');
    expect(
      createStorageFromEnv(
        { S3_ENDPOINT: 'https://s3.example', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' },
        '/tmp/club',
      ).kind,
    ).toBe('s3');
  });
});
