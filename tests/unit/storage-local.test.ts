/**
 * Local image storage never serves a file from outside its root (docs/security.md, "Images"): `/imgs/<key>` is
 * read through a real path that must stay under the uploads folder, so a link placed there — by a restore, a
 * careless copy — leads nowhere.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, InvalidStorageKeyError } from '#app/infra/storage.server.ts';
import { useTempDir } from '#tests/fixtures/temp-dir.ts';

describe('local storage', () => {
  const temp = useTempDir('club-storage-');
  let dir: string;
  let root: string;
  beforeAll(() => {
    dir = temp();
    root = path.join(dir, 'uploads');
    fs.mkdirSync(path.join(root, 'seed'), { recursive: true });
    fs.writeFileSync(path.join(root, 'seed', 'a.jpg'), 'picture');
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'outside the root');
    fs.mkdirSync(path.join(dir, 'elsewhere'));
    fs.writeFileSync(path.join(dir, 'elsewhere', 'b.jpg'), 'outside too');
    fs.symlinkSync(path.join(dir, 'secret.txt'), path.join(root, 'seed', 'link.jpg'));
    fs.symlinkSync(path.join(dir, 'elsewhere'), path.join(root, 'linked-folder'));
    fs.symlinkSync(path.join(root, 'seed', 'a.jpg'), path.join(root, 'seed', 'inside.jpg'));
  });

  it('reads a stored file', async () => {
    expect((await createLocalStorage(root).get('seed/a.jpg'))?.toString()).toBe('picture');
    expect(await createLocalStorage(root).get('seed/missing.jpg')).toBeNull();
  });

  it('never follows a link out of the root, to a file or through a folder', async () => {
    const storage = createLocalStorage(root);
    await expect(storage.get('seed/link.jpg')).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.get('linked-folder/b.jpg')).rejects.toThrow(InvalidStorageKeyError);
    // A link that stays inside the root is just another name for a stored file.
    expect((await storage.get('seed/inside.jpg'))?.toString()).toBe('picture');
  });

  it('keeps refusing keys that leave the root by their spelling', async () => {
    const storage = createLocalStorage(root);
    for (const key of ['../secret.txt', '/etc/passwd', 'seed/../../secret.txt', 'a\\b']) {
      await expect(storage.get(key)).rejects.toThrow(InvalidStorageKeyError);
    }
  });
});
