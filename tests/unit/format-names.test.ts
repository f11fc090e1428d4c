import { describe } from 'vitest';
import { nameWithoutPatronymic } from '#app/lib/format.ts';
import { itMaps } from '#tests/fixtures/table-tests.ts';

describe('a name without the patronymic (schedule columns)', () => {
  itMaps('drops the patronymic whichever order the name is written in', nameWithoutPatronymic, [
    ['Максим Олегович Лебедев', 'Максим Лебедев'],
    ['Анна Сергеевна Ковалёва', 'Анна Ковалёва'],
    ['Лебедев Максим Олегович', 'Лебедев Максим'],
    ['Илья Ильич Обломов', 'Илья Обломов'],
    ['Вера Ильинична Петрова', 'Вера Петрова'],
  ]);

  itMaps('leaves names without a patronymic alone', nameWithoutPatronymic, [
    ['Анна Ковалёва', 'Анна Ковалёва'],
    ['Мария', 'Мария'],
    ['  Jean Claude Van Damme ', 'Jean Claude Van Damme'],
  ]);
});
