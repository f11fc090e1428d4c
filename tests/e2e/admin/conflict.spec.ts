/** Two staff members edit the same record: the second, stale save is refused and keeps its input. */
import { expect, test } from '@playwright/test';
import { expectFlash, login, save } from '#tests/e2e/admin/helpers.ts';

// Each variant edits its own card: the two run in parallel.
for (const [javaScriptEnabled, card] of [
  [false, '/admin/cards/1'],
  [true, '/admin/cards/2'],
] as const) {
  test(`a stale save is refused with a clear message and the input kept (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
    browser,
  }) => {
    const first = await browser.newContext({ javaScriptEnabled });
    const second = await browser.newContext({ javaScriptEnabled });
    const alice = await first.newPage();
    const bob = await second.newPage();
    await login(alice, card);
    await login(bob, card);

    const aliceText = `Описание Алисы ${Date.now()}`;
    const bobText = `Описание Боба ${Date.now()}`;
    await alice.getByLabel('Описание', { exact: true }).fill(aliceText);
    await save(alice);
    await expectFlash(alice, 'Сохранено');

    await bob.getByLabel('Описание', { exact: true }).fill(bobText);
    await save(bob);
    await expect(bob.getByRole('alert')).toContainText('эту запись сохранил другой сотрудник');
    await expect(bob.getByLabel('Описание', { exact: true })).toHaveValue(bobText);

    // Alice's text is what is stored.
    await alice.goto(card);
    await expect(alice.getByLabel('Описание', { exact: true })).toHaveValue(aliceText);

    // Bob can still decide to overwrite on purpose.
    await bob.getByRole('button', { name: 'Сохранить мои изменения поверх' }).click();
    await expectFlash(bob, 'Сохранено');
    await bob.goto(card);
    await expect(bob.getByLabel('Описание', { exact: true })).toHaveValue(bobText);
    await first.close();
    await second.close();
  });
}

test('a refused form saved again with the plain button is refused again; only the overwrite button wins (JavaScript off)', async ({
  browser,
}) => {
  // Two sign-ins and eight page loads: more than the default time on a busy machine.
  test.slow();
  const coach = '/admin/coaches/8';
  const first = await browser.newContext({ javaScriptEnabled: false });
  const second = await browser.newContext({ javaScriptEnabled: false });
  const alice = await first.newPage();
  const bob = await second.newPage();
  await login(alice, coach);
  await login(bob, coach);

  const aliceText = `Кратко от Алисы ${Date.now()}`;
  const bobText = `Кратко от Боба ${Date.now()}`;
  await alice.getByLabel('Кратко', { exact: true }).fill(aliceText);
  await save(alice);
  await expectFlash(alice, 'Сохранено');

  await bob.getByLabel('Кратко', { exact: true }).fill(bobText);
  await save(bob);
  await expect(bob.getByRole('alert')).toContainText('эту запись сохранил другой сотрудник');

  // Pressing the plain button once more on the refused form is refused again, and Alice's text stays.
  await save(bob);
  await expect(bob.getByRole('alert')).toContainText('эту запись сохранил другой сотрудник');
  await expect(bob.getByLabel('Кратко', { exact: true })).toHaveValue(bobText);
  await alice.goto(coach);
  await expect(alice.getByLabel('Кратко', { exact: true })).toHaveValue(aliceText);

  await bob.getByRole('button', { name: 'Сохранить мои изменения поверх' }).click();
  await expectFlash(bob, 'Сохранено');
  await bob.goto(coach);
  await expect(bob.getByLabel('Кратко', { exact: true })).toHaveValue(bobText);
  await first.close();
  await second.close();
});
