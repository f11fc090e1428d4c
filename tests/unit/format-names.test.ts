import { describe, expect, it } from 'vitest';
import { nameWithoutPatronymic } from '#app/lib/format.ts';

describe('a name without the patronymic (schedule columns)', () => {
  it('drops the patronymic whichever order the name is written in', () => {
    expect(nameWithoutPatronymic('Максим Олегович Лебедев')).toBe('Максим Лебедев');
    expect(nameWithoutPatronymic('Анна Сергеевна Ковалёва')).toBe('Анна Ковалёва');
    expect(nameWithoutPatronymic('Лебедев Максим Олегович')).toBe('Лебедев Максим');
    expect(nameWithoutPatronymic('Илья Ильич Обломов')).toBe('Илья Обломов');
    expect(nameWithoutPatronymic('Вера Ильинична Петрова')).toBe('Вера Петрова');
  });

  it('leaves names without a patronymic alone', () => {
    expect(nameWithoutPatronymic('Анна Ковалёва')).toBe('Анна Ковалёва');
    expect(nameWithoutPatronymic('Мария')).toBe('Мария');
    expect(nameWithoutPatronymic('  Jean Claude Van Damme ')).toBe('Jean Claude Van Damme');
  });
});
