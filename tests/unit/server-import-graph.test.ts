/**
 * The production server must not carry the demo seed (its Russian content and the picture drawing) in its static
 * import graph: the start's database preparation (app/services/database-setup.server.ts) loads it with a dynamic
 * import() only when an empty database is about to be seeded.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { importedFile, STATIC_IMPORT } from '#tests/unit/imports.ts';

const root = path.resolve(import.meta.dirname, '../..');

function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = fs.readFileSync(path.join(root, file), 'utf8');
    for (const match of source.matchAll(STATIC_IMPORT)) {
      if (/^import\s+type\s/.test(match[0].trim())) continue;
      const imported = importedFile(file, match[1] ?? match[2]!);
      // Static imports only: `import(…)` calls are what keeps a module out of the graph.
      if (imported) visit(imported);
    }
  };
  visit(entry);
  return seen;
}

it('server.ts does not import the demo seed statically', () => {
  const graph = staticGraph('server.ts');
  expect(graph.size).toBeGreaterThan(5);
  expect(graph).toContain('server/start.ts');
  expect([...graph].filter((file) => file.startsWith('db/demo/'))).toEqual([]);
  expect(graph).toContain('app/services/database-setup.server.ts');
  expect(fs.readFileSync(path.join(root, 'app/services/database-setup.server.ts'), 'utf8')).toContain(
    "import('#db/demo/seed.ts')",
  );
});

it('the demo seed uses no app code beyond storing images', () => {
  const app = [...staticGraph('db/demo/seed.ts')].filter((file) => file.startsWith('app/'));
  expect(app.sort()).toEqual([
    // The intake's lazy sharp loader (app/infra/sharp.server.ts).
    'app/infra/sharp.server.ts',
    'app/infra/storage.server.ts',
    // Its bids record their consent as the site does (app/lib/consent.server.ts).
    'app/lib/bid-form.ts',
    'app/lib/consent.server.ts',
    'app/models/image.server.ts',
    'app/services/image-intake.server.ts',
  ]);
});
