import { z } from 'zod';
import {
  type BidFieldErrors,
  type BidValues,
  COMMENT_MAX,
  NAME_MAX,
  PUBLIC_BID_KINDS,
  type PublicBidKind,
} from '#app/lib/bid-form.ts';
import { parseId } from '#app/lib/id.ts';
import { normalizePhone } from '#app/lib/phone.ts';

// Control characters never belong in a name or comment, and PostgreSQL refuses NUL outright (a 500 otherwise).
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const text = (value: unknown) => (typeof value === 'string' ? value.replace(CONTROL_CHARACTERS, '').trim() : '');
const optionalId = z.preprocess(parseId, z.number().int().nullable());

/** The one schema of the bid form (docs/product/bids.md): what the visitor typed plus the page's hidden fields. */
export const bidSchema = z.object({
  name: z.preprocess(
    text,
    z
      .string()
      .min(1, { error: 'Укажите, как к вам обращаться' })
      .max(NAME_MAX, { error: `Имя не длиннее ${NAME_MAX} символов` }),
  ),
  phone: z.preprocess(
    text,
    z
      .string()
      .min(1, { error: 'Укажите телефон, мы перезвоним' })
      .transform((value, ctx) => {
        const phone = normalizePhone(value);
        if (!phone) {
          ctx.addIssue({ code: 'custom', message: 'Проверьте номер: например, +7 912 345-67-89 или 8 912 345-67-89' });
          return z.NEVER;
        }
        return phone;
      }),
  ),
  comment: z.preprocess(text, z.string().max(COMMENT_MAX, { error: `Комментарий не длиннее ${COMMENT_MAX} символов` })),
  consent: z.preprocess(
    (value) => value === 'on' || value === 'yes' || value === 'true',
    z.literal(true, { error: 'Без согласия на обработку персональных данных мы не можем принять заявку' }),
  ),
  kind: z.preprocess(
    (value) => (PUBLIC_BID_KINDS.includes(value as PublicBidKind) ? value : 'trial'),
    z.enum(PUBLIC_BID_KINDS),
  ),
  subjectId: optionalId,
  gymId: optionalId,
});

export type BidInput = z.infer<typeof bidSchema>;

export function bidValuesFrom(form: FormData): BidValues {
  const get = (key: string) => {
    const value = form.get(key);
    return typeof value === 'string' ? value.slice(0, 2000) : '';
  };
  return {
    name: get('name'),
    phone: get('phone'),
    comment: get('comment'),
    consent: get('consent') === 'on',
    email: get('email'),
    gymId: get('gymId').slice(0, 20),
    session: get('session').slice(0, 40),
  };
}

/** Parses a submitted form: the data, or the first Russian message per field. */
export function parseBidForm(
  form: FormData,
): { success: true; data: BidInput } | { success: false; errors: BidFieldErrors } {
  const raw = Object.fromEntries(
    ['name', 'phone', 'comment', 'consent', 'kind', 'subjectId', 'gymId'].map((key) => {
      const value = form.get(key);
      return [key, typeof value === 'string' ? value : undefined];
    }),
  );
  const result = bidSchema.safeParse(raw);
  if (result.success) return { success: true, data: result.data };
  const errors: BidFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'name' || field === 'phone' || field === 'comment' || field === 'consent') && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  return { success: false, errors };
}
