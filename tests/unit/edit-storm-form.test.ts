/** The bench's edit storm posts an edit form back as it stands (scripts/lib/edit-storm.ts): what a browser would send. */
import { expect, it } from 'vitest';
import { currentFormValues } from '#scripts/lib/edit-storm.ts';

it('sends checked boxes only, textarea text, selected options, and no files or buttons', () => {
  const html = `
    <form method="get"><input name="q" value="search"></form>
    <form method="post" enctype="multipart/form-data">
      <input type="hidden" name="version" value="7">
      <input name="name" value="Зелёная &quot;тарелка&quot;">
      <input type="checkbox" name="published" value="on" checked="">
      <input type="checkbox" name="remove_logo" value="1">
      <input type="file" name="logo">
      <textarea name="features">Бассейн
Сауна &amp; хамам</textarea>
      <select name="gym_id"><option value="">—</option><option value="2" selected="">Центр</option></select>
      <select name="level"><option value="any">Любой</option><option value="pro">Опытные</option></select>
      <button type="submit" name="intent" value="save">Сохранить</button>
    </form>`;
  expect(currentFormValues(html)).toEqual([
    ['version', '7'],
    ['name', 'Зелёная "тарелка"'],
    ['published', 'on'],
    ['features', 'Бассейн\nСауна & хамам'],
    ['gym_id', '2'],
    ['level', 'any'],
  ]);
});
