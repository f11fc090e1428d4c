/** Two staff members edit the same record: the second, stale save is refused and keeps its input. */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectFlash, login, save } from '#tests/e2e/admin/helpers.ts';

const STALE = 'эту запись сохранил другой сотрудник';

/**
 * Alice and Bob, each signed in in a browser of their own, open the record at `path`; Alice saves her text in the
 * field `label` first, then Bob's save of his text is refused as stale.
 */
async function staleSave(browser: Browser, path: string, label: string, javaScriptEnabled: boolean) {
  const contexts = [await browser.newContext({ javaScriptEnabled }), await browser.newContext({ javaScriptEnabled })];
  const [alice, bob] = [await contexts[0]!.newPage(), await contexts[1]!.newPage()];
  await login(alice, path);
  await login(bob, path);
  const aliceText = `${label}: текст Алисы ${Date.now()}`;
  const bobText = `${label}: текст Боба ${Date.now()}`;
  const field = (page: Page) => page.getByLabel(label, { exact: true });

  await field(alice).fill(aliceText);
  await save(alice);
  await expectFlash(alice, 'Сохранено');

  await field(bob).fill(bobText);
  await save(bob);
  await expect(bob.getByRole('alert')).toContainText(STALE);
  await expect(field(bob)).toHaveValue(bobText);

  return {
    bob,
    bobText,
    /** Alice's text is what is stored. */
    async expectAliceStored() {
      await alice.goto(path);
      await expect(field(alice)).toHaveValue(aliceText);
    },
    /** Bob overwrites on purpose: his text is stored. */
    async overwriteAsBob() {
      await bob.getByRole('button', { name: 'Сохранить мои изменения поверх' }).click();
      await expectFlash(bob, 'Сохранено');
      await bob.goto(path);
      await expect(field(bob)).toHaveValue(bobText);
    },
    close: () => Promise.all(contexts.map((context) => context.close())),
  };
}

// Each variant edits its own card: the two run in parallel.
for (const [javaScriptEnabled, card] of [
  [false, '/admin/cards/1'],
  [true, '/admin/cards/2'],
] as const) {
  test(`a stale save is refused with a clear message and the input kept (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
    browser,
  }) => {
    const edit = await staleSave(browser, card, 'Описание', javaScriptEnabled);
    await edit.expectAliceStored();
    // Bob can still decide to overwrite on purpose.
    await edit.overwriteAsBob();
    await edit.close();
  });
}

test('a refused form saved again with the plain button is refused again; only the overwrite button wins (JavaScript off)', async ({
  browser,
}) => {
  // Two sign-ins and eight page loads: more than the default time on a busy machine.
  test.slow();
  const edit = await staleSave(browser, '/admin/coaches/8', 'Кратко', false);

  // Pressing the plain button once more on the refused form is refused again, and Alice's text stays.
  await save(edit.bob);
  await expect(edit.bob.getByRole('alert')).toContainText(STALE);
  await expect(edit.bob.getByLabel('Кратко', { exact: true })).toHaveValue(edit.bobText);
  await edit.expectAliceStored();

  await edit.overwriteAsBob();
  await edit.close();
});
