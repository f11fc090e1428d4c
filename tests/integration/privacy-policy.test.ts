import { expect, it } from 'vitest';
import { privacyPolicy } from '#app/admin/sections.ts';
import { DEFAULT_PRIVACY_BODY, policyBlocks } from '#app/lib/privacy-policy.ts';
import { singletonId, updateRow } from '#app/models/admin/content.server.ts';
import { consentPolicy, currentPolicy } from '#app/services/privacy.server.ts';
import { describeEachDb } from '#tests/integration/db-harness.ts';

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
    const staff = await t.db
      .insertInto('staff_users')
      .values({ email: `p${Date.now()}@club.test`, password_hash: 'x', name: 'Редактор', role: 'editor' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const first = await updateRow(t.db, privacyPolicy, id, 1, { title: 'Политика', body: 'Текст один' }, staff.id);
    expect(first.ok).toBe(true);
    const one = await currentPolicy(t.db);
    expect(one.body).toBe('Текст один');
    expect(one.consentVersion).toContain('+policy-v2-');

    await updateRow(t.db, privacyPolicy, id, 2, { title: 'Политика', body: 'Текст два' }, staff.id);
    const two = await currentPolicy(t.db);
    expect(two.consentVersion).toContain('+policy-v3-');
    expect(two.consentVersion).not.toBe(one.consentVersion);
  });

  it('names the text a consent was given to: the current one, an earlier one in the history, or none', async () => {
    const id = (await singletonId(t.db, privacyPolicy))!;
    const staff = await t.db
      .insertInto('staff_users')
      .values({ email: `c${Date.now()}@club.test`, password_hash: 'x', name: 'Редактор', role: 'editor' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const version = async () =>
      Number((await t.db.selectFrom('privacy_policy').select('version').executeTakeFirstOrThrow()).version);
    await updateRow(t.db, privacyPolicy, id, await version(), { title: 'Политика', body: 'Старый текст' }, staff.id);
    const old = (await currentPolicy(t.db)).consentVersion;
    await updateRow(t.db, privacyPolicy, id, await version(), { title: 'Политика', body: 'Новый текст' }, staff.id);
    const fresh = (await currentPolicy(t.db)).consentVersion;

    expect(await consentPolicy(t.db, fresh)).toMatchObject({ recorded: true, href: '/admin/privacy' });
    const earlier = await consentPolicy(t.db, old);
    expect(earlier.version).toBe(Number(/policy-v(\d+)-/.exec(old)![1]));
    expect(earlier.href).toMatch(/^\/admin\/privacy\/history\/\d+$/);
    expect(earlier.savedAt).not.toBeNull();
    expect(await consentPolicy(t.db, '2026-11+policy-v9-000000000000')).toMatchObject({ version: 9, href: null });
    expect(await consentPolicy(t.db, 'v1')).toMatchObject({ recorded: false, href: null });
  });
});
