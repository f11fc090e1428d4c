import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formId, formOptionalId, formText, parseForm, readForm, requireForm } from '#app/infra/form.server.ts';
import { MAX_ID, parseId } from '#app/lib/id.ts';

function post(body: BodyInit, contentType: string) {
  return new Request('http://club.test/x', { method: 'POST', body, headers: { 'Content-Type': contentType } });
}

async function status(promise: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
}

describe('ids', () => {
  it('accepts 1 … 2147483647 written as digits and nothing else', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId(String(MAX_ID))).toBe(MAX_ID);
    for (const value of [
      '0',
      '2147483648',
      '9999999999',
      '99999999999999999999',
      '-1',
      '1.5',
      '1e3',
      ' 1',
      'abc',
      '',
    ]) {
      expect(parseId(value), value).toBeNull();
    }
    expect(parseId(undefined)).toBeNull();
    expect(parseId(7)).toBeNull();
  });
});

describe('reading a form', () => {
  const schema = z.object({ id: formId('Нет записи'), note: formText(5), other: formOptionalId() });

  it('answers 400, not 500, when the body is not a form', async () => {
    expect(await status(readForm(post('{"id":1}', 'application/json')))).toBe(400);
    expect(await status(readForm(post('--x\r\nbroken', 'multipart/form-data; boundary=x')))).toBe(400);
    expect(await status(requireForm(post('{"id":1}', 'application/json'), schema))).toBe(400);
  });

  it('answers 413 for a body declared larger than the limit, before reading it', async () => {
    const request = new Request('http://club.test/x', {
      method: 'POST',
      body: 'id=1',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(10 * 1024 * 1024) },
    });
    expect(await status(readForm(request))).toBe(413);
  });

  it('answers 413 for a body that sends more than the limit without declaring it', async () => {
    const chunks = [new TextEncoder().encode('a=1&b='), new Uint8Array(2048).fill(120)];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const request = new Request('http://club.test/x', {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      duplex: 'half',
    } as RequestInit);
    const refused = await readForm(request, 1024).catch((error: unknown) => error);
    expect((refused as Response).status).toBe(413);
    expect(await (refused as Response).text()).toBe('Слишком большой запрос: не больше 1 КБ');
  });

  it('gives the data, or the first message of each field', async () => {
    const good = await parseForm(post('id=12&note=%20длинная%20заметка', 'application/x-www-form-urlencoded'), schema);
    expect(good).toEqual({ success: true, data: { id: 12, note: 'длинн', other: null } });
    const bad = await parseForm(post('id=9999999999', 'application/x-www-form-urlencoded'), schema);
    expect(bad).toEqual({ success: false, errors: { id: 'Нет записи' } });
  });

  it('refuses a form without its required fields with a 400 and the message', async () => {
    const refused = requireForm(post('note=x', 'application/x-www-form-urlencoded'), schema);
    await expect(refused).rejects.toMatchObject({ status: 400 });
    await expect(refused.catch((response: Response) => response.text())).resolves.toBe('Нет записи');
  });
});
