import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A visitor's phone number in E.164, or null when it is not a plausible number. Russian by default
 * (`8 (912) 345-67-89` → `+79123456789`); other countries are accepted with their `+` prefix.
 */
export function normalizePhone(input: string): string | null {
  const text = input.trim();
  if (text.length < 5 || text.length > 40) return null;
  // Only digits, spaces, brackets, dots, dashes and one leading plus: letters or extension marks are a typo.
  if (!/^\+?[\d\s().-]+$/.test(text)) return null;
  const phone = parsePhoneNumberFromString(text, 'RU');
  if (!phone?.isValid()) return null;
  return phone.number;
}
