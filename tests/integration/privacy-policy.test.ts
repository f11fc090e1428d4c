import { expect, it } from 'vitest';
import { privacyPolicy } from '#app/admin/sections.ts';
import { DEFAULT_PRIVACY_BODY, policyBlocks } from '#app/lib/privacy-policy.ts';
import { singletonId, updateRow } from '#app/models/admin/content.server.ts';
import { currentPolicy } from '#app/services/privacy.server.ts';
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
});
