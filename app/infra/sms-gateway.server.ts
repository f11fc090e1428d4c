/**
 * SMS through SMSC.ru's HTTP API (docs/decisions/0043-visitor-messages-through-the-outbox.md): `sys/send.php` sends,
 * `sys/status.php` tells whether a message id is known for a phone. Every message carries our own id (the outbox
 * row's), so after an attempt whose outcome is unknown (a timeout, a process that died before recording the answer)
 * the worker asks the gateway before sending again.
 */

/** A refusal that no retry mends (the text or the number is refused): the row is given up at once. */
export class SmsRejectedError extends Error {}

/** SMSC's error codes after which sending the same message again cannot succeed. */
const PERMANENT_ERRORS = new Set([6, 7, 8]);
const TIMEOUT_MS = 10_000;

export interface SmsGateway {
  send(message: { id: number; phone: string; text: string }): Promise<void>;
  /** Whether the gateway already has the message with this id for this phone (accepted earlier). */
  wasAccepted(message: { id: number; phone: string }): Promise<boolean>;
}

interface SmscAnswer {
  id?: number;
  cnt?: number;
  status?: number;
  error?: string;
  error_code?: number;
}

async function readAnswer(response: Response): Promise<SmscAnswer> {
  if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
  const text = await response.text();
  try {
    return JSON.parse(text) as SmscAnswer;
  } catch {
    throw new Error(`SMS gateway answered something that is not JSON: ${text.slice(0, 100)}`);
  }
}

/** The SMSC client: `baseUrl` is `https://smsc.ru` (SMSC_URL), the account's login and password, a sender name. */
export function createSmscGateway(options: {
  baseUrl: string;
  login: string;
  password: string;
  sender?: string;
}): SmsGateway {
  const digits = (phone: string) => phone.replace(/\D/g, '');
  return {
    async send({ id, phone, text }) {
      const body = new URLSearchParams({
        login: options.login,
        psw: options.password,
        phones: digits(phone),
        mes: text,
        id: String(id),
        charset: 'utf-8',
        fmt: '3',
      });
      if (options.sender) body.set('sender', options.sender);
      const answer = await readAnswer(
        await fetch(`${options.baseUrl}/sys/send.php`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        }),
      );
      if (answer.error !== undefined || answer.error_code !== undefined) {
        const message = `SMS gateway error ${answer.error_code ?? '?'}: ${answer.error ?? ''}`.trim();
        if (PERMANENT_ERRORS.has(Number(answer.error_code))) throw new SmsRejectedError(message);
        throw new Error(message);
      }
    },
    async wasAccepted({ id, phone }) {
      const query = new URLSearchParams({
        login: options.login,
        psw: options.password,
        phone: digits(phone),
        id: String(id),
        fmt: '3',
      });
      const answer = await readAnswer(
        await fetch(`${options.baseUrl}/sys/status.php?${query}`, { signal: AbortSignal.timeout(TIMEOUT_MS) }),
      );
      // -3: "message not found" — never accepted, so it may be sent. Any other status is a message the gateway has.
      if (answer.status !== undefined) return Number(answer.status) !== -3;
      throw new Error(`SMS gateway status error ${answer.error_code ?? '?'}: ${answer.error ?? ''}`.trim());
    },
  };
}
