import { StaffTime } from '#app/components/admin/StaffTime.tsx';
import { MESSAGE_KIND_LABEL, type MessageKind } from '#app/lib/booking.ts';

interface Message {
  id: number;
  channel: 'sms' | 'visitor_email';
  kind: string;
  state: 'sent' | 'skipped' | 'pending' | 'dead';
  at: Date | string;
  note: string | null;
}

const STATE_WORDS: Record<Message['state'], string> = {
  sent: 'отправлено',
  skipped: 'не отправлено',
  pending: 'ждёт отправки',
  dead: 'не ушло',
};

/** The messages a sign-up got (or will get): channel, kind, state and time, in the gym's zone (docs/product/staff.md). */
export function VisitorMessages({ messages, timeZone }: { messages: readonly Message[]; timeZone: string | null }) {
  if (messages.length === 0) return null;
  return (
    <ul className="admin-messages" aria-label="Сообщения посетителю">
      {messages.map((message) => (
        <li key={message.id} className={`admin-messages__item admin-messages__item--${message.state}`}>
          {message.channel === 'sms' ? 'SMS' : 'Письмо'} ·{' '}
          {MESSAGE_KIND_LABEL[message.kind as MessageKind] ?? message.kind} · {STATE_WORDS[message.state]}{' '}
          <StaffTime value={message.at} zone={timeZone} />
          {message.note && message.state !== 'sent' ? <span className="admin-muted"> ({message.note})</span> : null}
        </li>
      ))}
    </ul>
  );
}
