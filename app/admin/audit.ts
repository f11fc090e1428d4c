/**
 * The audit log in Russian (client-safe): who did what to which item, which fields changed, and a link to the item
 * (docs/product/staff.md). Staff records carry no grammatical gender, so an entry reads gender-neutrally as a noun:
 * «Анна Ковалёва — изменение: тренер «Дмитрий Волков» (должность, описание)».
 */
import { SECTIONS } from '#app/admin/sections.ts';

/** Each kind of entry as a noun, in the order the kind filter offers them. */
export const AUDIT_ACTIONS: Record<string, string> = {
  create: 'создание',
  update: 'изменение',
  delete: 'удаление',
  restore: 'восстановление',
  publish: 'публикация',
  unpublish: 'снятие с публикации',
  move: 'перемещение в списке',
  schedule: 'запланированное изменение',
  schedule_edit: 'перенос запланированного изменения',
  schedule_cancel: 'отмена запланированного изменения',
  scheduled: 'изменение по расписанию',
  status: 'смена статуса',
  disable: 'отключение',
  enable: 'включение',
  password: 'смена пароля',
  role: 'смена роли',
  totp_enable: 'включение двухфакторного входа',
  totp_disable: 'выключение двухфакторного входа',
  totp_reset: 'сброс двухфакторного входа',
  recovery_codes: 'новые коды восстановления',
  retry: 'повторная отправка уведомления',
  login: 'вход в редактор',
  logout: 'выход из редактора',
};

/** Sign-ins and sign-outs: hidden from the log unless asked for, they would drown the changes. */
export const SESSION_ACTIONS = ['login', 'logout'] as const;

const LOGIN_METHODS: Record<string, string> = {
  password: 'по паролю',
  totp: 'с кодом из приложения',
  recovery_code: 'с кодом восстановления',
};

/** A form label as a word in a list: `Залы (ничего не выбрано — все залы)` → `залы`, `Цена, ₽` → `цена`. */
function fieldWord(label: string): string {
  return label
    .replace(/\s*\(.*\)\s*$/u, '')
    .replace(/,[^,]*$/u, '')
    .toLowerCase();
}

interface AuditEntity {
  /** One record in the nominative. */
  label: string;
  /** The filter's name for the whole kind (a section's title). */
  plural: string;
  path?: string;
  singleton?: boolean;
  fields: Record<string, string>;
}

/** Entities outside the content sections, with their page when they have one. */
const OTHER_ENTITIES: Record<string, AuditEntity> = {
  bid: {
    label: 'заявка',
    plural: 'Заявки',
    path: 'bids',
    fields: {
      status: 'статус',
      staff_note: 'заметка',
      signup_state: 'запись',
      attendance: 'посещение',
      outcome: 'итог пробного',
      trial_signup: 'запись на пробное',
    },
  },
  staff_user: { label: 'сотрудник', plural: 'Сотрудники', fields: { name: 'имя' } },
  outbox: { label: 'уведомление о заявке', plural: 'Уведомления о заявках', fields: {} },
};

const ENTITIES: Record<string, AuditEntity> = {
  ...Object.fromEntries(
    SECTIONS.map((section) => [
      section.entity,
      {
        label: section.auditLabel,
        plural: section.title,
        path: section.key,
        singleton: section.singleton,
        fields: Object.fromEntries(section.fields.map((field) => [field.name, fieldWord(field.label)])),
      },
    ]),
  ),
  ...OTHER_ENTITIES,
};

/** The entities the section filter offers: every content section, then bids and staff. */
export const AUDIT_ENTITY_CHOICES = Object.entries(ENTITIES).map(([value, entity]) => ({
  value,
  label: entity.plural,
}));

/** The kinds the kind filter offers (sign-ins have their own switch). */
export const AUDIT_ACTION_CHOICES = Object.entries(AUDIT_ACTIONS)
  .filter(([value]) => !(SESSION_ACTIONS as readonly string[]).includes(value))
  .map(([value, label]) => ({ value, label: label[0]!.toUpperCase() + label.slice(1) }));

export function auditEntityLabel(entity: string): string {
  return ENTITIES[entity]?.label ?? entity;
}

/** The page of the record an entry is about, or null (unknown entities, records without a page). */
export function auditLink(entity: string, id: number | null): string | null {
  const known = ENTITIES[entity];
  if (!known?.path) return null;
  if (known.singleton) return `/admin/${known.path}`;
  return id !== null ? `/admin/${known.path}/${id}` : null;
}

export interface AuditEntryFacts {
  action: string;
  entity: string;
  entity_id: number | null;
  fields: readonly string[];
  title: string | null;
}

export interface AuditSentence {
  /** `изменение`, `вход в редактор`. */
  action: string;
  /** `тренер «Дмитрий Волков»`, `заявка №12` (old entries without a title); null for sign-ins. */
  item: string | null;
  /** Where the item can be opened, or null (deleted, no page). */
  href: string | null;
  /** The changed fields by their form labels (`должность, описание`), or how a sign-in was made. */
  details: string | null;
}

/** The parts of one log line; the person and the time come from the entry itself. */
export function describeAudit(entry: AuditEntryFacts): AuditSentence {
  const action = AUDIT_ACTIONS[entry.action] ?? entry.action;
  if (entry.entity === 'session') {
    const method = entry.action === 'login' ? LOGIN_METHODS[entry.fields[0] ?? ''] : undefined;
    return { action, item: null, href: null, details: method ?? null };
  }
  const known = ENTITIES[entry.entity];
  const noun = known?.label ?? entry.entity;
  const name = entry.title
    ? `«${entry.title}»`
    : entry.entity_id !== null && !known?.singleton
      ? `№${entry.entity_id}`
      : '';
  const item = known?.singleton && !entry.title ? noun : `${noun} ${name}`.trim();
  const href = entry.action === 'delete' ? null : auditLink(entry.entity, entry.entity_id);
  let details: string | null = null;
  if (entry.action === 'update' && known) {
    const labels = entry.fields.flatMap((field) => (known.fields[field] ? [known.fields[field]] : []));
    details = labels.length ? labels.join(', ') : null;
  }
  return { action, item, href, details };
}
