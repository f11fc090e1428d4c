/**
 * The one way an action reads its form: the body is read as a form (an unreadable or mistyped body is a 400, never
 * a 500) and checked against a zod schema, which yields the data or the first Russian message for each field.
 */
import { z } from 'zod';
import { formatBytes, PUBLIC_BODY_LIMIT } from '#app/lib/body-limits.ts';
import { parseId } from '#app/lib/id.ts';

export type FormErrors = Record<string, string>;
export type FormResult<T> = { success: true; data: T } | { success: false; errors: FormErrors };

/**
 * The request body as a form; 413 when it declares or sends more than `maxBytes` (counted as it arrives, below the
 * server's own limit: docs/security.md, "Request bodies"), 400 when it is not a readable form.
 */
export async function readForm(request: Request, maxBytes = PUBLIC_BODY_LIMIT.maxBytes): Promise<FormData> {
  const tooLarge = () => new Response(`Слишком большой запрос: не больше ${formatBytes(maxBytes)}`, { status: 413 });
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > maxBytes) throw tooLarge();
  let over = false;
  let counted = 0;
  const body = request.body?.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        counted += chunk.byteLength;
        if (counted > maxBytes) {
          over = true;
          controller.error(new Error('body over the limit'));
        } else {
          controller.enqueue(chunk);
        }
      },
    }),
  );
  try {
    return await new Response(body ?? null, {
      headers: { 'Content-Type': request.headers.get('content-type') ?? '' },
    }).formData();
  } catch {
    if (over) throw tooLarge();
    throw new Response('Не удалось прочитать форму', { status: 400 });
  }
}

/** The first message for each top-level field of a failed parse. */
export function fieldErrors(error: z.ZodError): FormErrors {
  const errors: FormErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** The form's text values by name (files are left to their own readers); `lists` keeps every value of a name. */
export function formValues(form: FormData, lists: Iterable<string> = []): Record<string, string | string[]> {
  const many = new Set(lists);
  const values: Record<string, string | string[]> = {};
  for (const [name, value] of form) {
    if (typeof value !== 'string') continue;
    if (many.has(name)) values[name] = [...((values[name] as string[] | undefined) ?? []), value];
    else if (!(name in values)) values[name] = value;
  }
  return values;
}

export function parseFormData<S extends z.ZodType>(form: FormData, schema: S, lists?: Iterable<string>) {
  const result = schema.safeParse(formValues(form, lists));
  return result.success
    ? ({ success: true, data: result.data } as const)
    : ({ success: false, errors: fieldErrors(result.error) } as const);
}

/** Reads the request's form and checks it: the data, or per-field messages. */
export async function parseForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: { maxBytes?: number; lists?: Iterable<string> } = {},
): Promise<FormResult<z.output<S>>> {
  return parseFormData(await readForm(request, options.maxBytes), schema, options.lists);
}

/** Like parseForm, but a form that does not fit the schema is a 400 with the first message: for forms without fields a person fills in. */
export async function requireForm<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const result = await parseForm(request, schema);
  if (!result.success) throw new Response(Object.values(result.errors)[0] ?? 'Неверный запрос', { status: 400 });
  return result.data;
}

/** A required database id (see lib/id.ts); anything else fails with `message`. */
export const formId = (message = 'Неверный запрос') => z.preprocess(parseId, z.number({ error: message }));

/** An optional id: null when absent or not an id. */
export const formOptionalId = () => z.preprocess(parseId, z.number().nullable());

/** A text field, trimmed and cut to `max` characters; absent means ''. */
export const formText = (max: number) =>
  z.preprocess((value) => (typeof value === 'string' ? value.trim().slice(0, max) : ''), z.string());
