import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { privacyPolicy } from '#app/admin/sections.ts';
import { DEFAULT_PRIVACY_BODY, policyBlocks } from '#app/lib/privacy-policy.ts';
import { singletonId, updateRow } from '#app/models/admin/content.server.ts';
import { createPublicBid } from '#app/models/bid.server.ts';
import { listRevisions, pruneRecordRevisions, pruneRevisions } from '#app/models/revision.server.ts';
import { consentPolicy, currentPolicy } from '#app/services/consent-policy.server.ts';
import { publicBid } from '#tests/fixtures/bids.ts';
import { describeEachDb } from '#tests/integration/db-harness.ts';
import { insertStaff } from '#tests/integration/rows.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describeEachDb('the privacy policy and the consent version', (t) => {
  it('shows the built-in text while staff have written none, and records that version', async () => {
    const policy = await currentPolicy(t.db);
    expect(policy.isDefault).toBe(true);
    expect(policy.body).toBe(DEFAULT_PRIVACY_BODY);
    expect(policy.consentVersion).toMatch(/^[\w-]+\+policy-default-[0-9a-f]{12}$/);
    const headings = policyBlocks(policy.body).flatMap((block) => (block.kind === 'heading' ? [block.text] : []));
    expect(headings).toEqual(expect.arrayContaining(['Оператор', 'Цели обработки', 'Сроки хранения', 'Контакты']));
  });

  it('a staff edit changes the text and the recorded version', async () => {
    const id = (await singletonId(t.db, privacyPolicy))!;
    const staff = await insertStaff(t.db, 'Редактор');
    const first = await updateRow(t.db, privacyPolicy, id, 1, { title: 'Политика', body: 'Текст один' }, staff);
    expect(first.ok).toBe(true);
    const one = await currentPolicy(t.db);
    expect(one.body).toBe('Текст один');
    expect(one.consentVersion).toContain('+policy-v2-');

    await updateRow(t.db, privacyPolicy, id, 2, { title: 'Политика', body: 'Текст два' }, staff);
    const two = await currentPolicy(t.db);
    expect(two.consentVersion).toContain('+policy-v3-');
    expect(two.consentVersion).not.toBe(one.consentVersion);
  });

  it('names the text a consent was given to: the current one, an earlier one in the history, or none', async () => {
    const id = (await singletonId(t.db, privacyPolicy))!;
    const staff = await insertStaff(t.db, 'Редактор');
    const version = async () =>
      Number((await t.db.selectFrom('privacy_policy').select('version').executeTakeFirstOrThrow()).version);
    await updateRow(t.db, privacyPolicy, id, await version(), { title: 'Политика', body: 'Старый текст' }, staff);
    const old = (await currentPolicy(t.db)).consentVersion;
    await updateRow(t.db, privacyPolicy, id, await version(), { title: 'Политика', body: 'Новый текст' }, staff);
    const fresh = (await currentPolicy(t.db)).consentVersion;

    expect(await consentPolicy(t.db, fresh)).toMatchObject({ recorded: true, href: '/admin/privacy' });
    const earlier = await consentPolicy(t.db, old);
    expect(earlier.version).toBe(Number(/policy-v(\d+)-/.exec(old)![1]));
    expect(earlier.href).toMatch(/^\/admin\/privacy\/history\/\d+$/);
    expect(earlier.savedAt).not.toBeNull();
    expect(await consentPolicy(t.db, '2026-11+policy-v9-000000000000')).toMatchObject({ version: 9, href: null });
    expect(await consentPolicy(t.db, 'v1')).toMatchObject({ recorded: false, href: null });
  });

  it('keeps every saved version of the policy a bid agreed to, however old, and prunes the others', async () => {
    const id = (await singletonId(t.db, privacyPolicy))!;
    const staff = await insertStaff(t.db, 'Юрист');
    let version = Number((await t.db.selectFrom('privacy_policy').select('version').executeTakeFirstOrThrow()).version);
    const save = async (body: string) => {
      expect((await updateRow(t.db, privacyPolicy, id, version, { title: 'Политика', body }, staff)).ok).toBe(true);
      version += 1;
    };
    /** `created_at` is never written by the app: a year-old history, as a long-running site has it. */
    const ageVersions = () =>
      sql`UPDATE content_revisions SET created_at = ${new Date(Date.now() - 400 * DAY_MS)}
        WHERE section = ${privacyPolicy.key}`.execute(t.db);
    await save('Текст, с которым согласилась Мария');
    const agreed = (await currentPolicy(t.db)).consentVersion;
    await createPublicBid(t.db, publicBid({ consentVersion: agreed }), []);
    // Many later versions, all of them (and the one Maria agreed to) older than the kept age.
    for (let n = 1; n <= 25; n++) await save(`Редакция ${n}`);
    await ageVersions();

    expect(await pruneRevisions(t.db, new Date(), 180)).toBeGreaterThan(0);
    const kept = (await listRevisions(t.db, privacyPolicy.key, id)).map((revision) => revision.data.body);
    expect(kept).toContain('Текст, с которым согласилась Мария');
    expect(kept).toHaveLength(21);
    // The kept version is the exact text the recorded hash names.
    const hash = createHash('sha256').update('Политика\nТекст, с которым согласилась Мария').digest('hex');
    expect(agreed.endsWith(`-${hash.slice(0, 12)}`)).toBe(true);

    // One save more prunes the record's own old versions the same way (after each save), and keeps it too.
    await save('Редакция последняя');
    await ageVersions();
    await pruneRecordRevisions(t.db, privacyPolicy.key, id, new Date(), 180);
    const after = (await listRevisions(t.db, privacyPolicy.key, id)).map((revision) => revision.data.body);
    expect(after).toContain('Текст, с которым согласилась Мария');
  });
});
