/**
 * The build's hashed browser files, sent as the `.br` or `.gz` file the build wrote beside each one
 * (`vite.config.ts`) when the browser takes that encoding: compressed once, at the highest levels, instead of by the
 * `compression` middleware on every request (docs/decisions/0055-browser-files-compressed-at-build-time.md). A file
 * without such a sibling, a client that takes neither encoding, or any path that is not a plain file name goes to the
 * plain static handler unchanged.
 */
import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import Negotiator from 'negotiator';

/** The encodings the build writes, the server's preference first when the browser takes several equally. */
export const PRECOMPRESSED_ENCODINGS = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;

type StaticOptions = Parameters<typeof express.static>[1];

// negotiator 1's second argument (the server's order among equal qualities) is not in @types/negotiator 0.6.
type EncodingsWithPreference = (available: readonly string[], options: { preferred: readonly string[] }) => string[];
const negotiateEncodings = Negotiator.prototype.encodings as unknown as EncodingsWithPreference;

/** The encoding of `available` to send for an `Accept-Encoding` header, or null for the uncompressed file. */
export function chooseEncoding(acceptEncoding: string | undefined, available: readonly string[]): string | null {
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } });
  return negotiateEncodings.call(negotiator, available, { preferred: available })[0] ?? null;
}

/** `express.static(root, options)` that answers with a build-time compressed sibling where it can. */
export function precompressedAssets(root: string, options: StaticOptions = {}): express.RequestHandler {
  // The build writes the directory before the server starts and nothing changes it while it runs.
  const names = new Set(fs.existsSync(root) ? fs.readdirSync(root) : []);
  const serve = express.static(root, options);
  return (req, res, next) => {
    const name = req.path.slice(1);
    const available = PRECOMPRESSED_ENCODINGS.filter(({ extension }) => names.has(name + extension));
    if (available.length === 0 || name.includes('/')) {
      serve(req, res, next);
      return;
    }
    res.vary('Accept-Encoding');
    const chosen = chooseEncoding(
      req.headers['accept-encoding'],
      available.map((encoding) => encoding.name),
    );
    const encoding = available.find((candidate) => candidate.name === chosen);
    if (!encoding) {
      serve(req, res, next);
      return;
    }
    const originalUrl = req.url;
    const query = originalUrl.indexOf('?');
    req.url = `/${name}${encoding.extension}${query === -1 ? '' : originalUrl.slice(query)}`;
    // The type of the file itself, not of `.br`; `send` keeps a type already set.
    res.type(path.extname(name));
    res.setHeader('Content-Encoding', encoding.name);
    serve(req, res, (error?: unknown) => {
      // The sibling was listed at the start but is gone: the next handler answers with its own type and encoding.
      req.url = originalUrl;
      res.removeHeader('Content-Encoding');
      res.removeHeader('Content-Type');
      next(error);
    });
  };
}
