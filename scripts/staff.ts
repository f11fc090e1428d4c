/**
 * The staff CLI (README), in Russian like the rest of the product:
 *   npm run staff -- create <email> --role admin|editor [--name "Имя"]   (password: STAFF_PASSWORD or a prompt; the
 *                                                                          name: --name or a prompt)
 *   npm run staff -- disable <email>
 *   npm run staff -- enable <email>
 *   npm run staff -- password <email>                                      (password: STAFF_PASSWORD or a prompt)
 *   npm run staff -- role <email> --role admin|editor
 *   npm run staff -- reset-2fa <email>                                     (second factor off, sessions ended)
 *   npm run staff -- list
 * Uses DATABASE_URL, or the PGlite database in DATA_DIR (stop the server first: PGlite allows one process, and the
 * CLI refuses with a message naming the process that holds it).
 */
// First of all: a tool restarts itself with a short-lived process's flags (app/infra/tool-process.server.ts).
import '#app/infra/tool-process.server.ts';
import path from 'node:path';
import readline from 'node:readline/promises';
import { parseArgs } from 'node:util';
import * as staffUsers from '#app/auth/accounts.server.ts';
import { resetStaffTwoFactor } from '#app/auth/two-factor-secret.server.ts';
import { parseEnv } from '#app/infra/env.server.ts';
import { isOperatorError } from '#app/infra/startup.server.ts';
import { createDb, migrateToLatest } from '#db/index.ts';
import type { StaffRole } from '#db/schema.ts';

const USAGE = `Как запустить:
  npm run staff -- create <email> --role admin|editor [--name "Имя"]   добавить сотрудника
  npm run staff -- disable <email>                                      отключить (его сеансы завершатся)
  npm run staff -- enable <email>                                       включить снова
  npm run staff -- password <email>                                     задать новый пароль (сеансы завершатся)
  npm run staff -- role <email> --role admin|editor                     сменить роль
  npm run staff -- reset-2fa <email>                                    сбросить двухфакторный вход (сеансы завершатся)
  npm run staff -- list                                                 список сотрудников
Пароль берётся из STAFF_PASSWORD или спрашивается (не короче ${staffUsers.MIN_PASSWORD_LENGTH} символов); имя — из --name или спрашивается.`;

const ROLE_NAMES: Record<StaffRole, string> = { admin: 'администратор', editor: 'редактор', manager: 'менеджер клуба' };

/** Reads a password without echoing it. */
async function promptPassword(question: string): Promise<string> {
  if (!process.stdin.isTTY) {
    throw new staffUsers.StaffInputError('Нет терминала, чтобы спросить пароль: задайте STAFF_PASSWORD');
  }
  process.stdout.write(question);
  process.stdin.setRawMode(true);
  process.stdin.resume();
  process.stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let value = '';
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          process.stdin.setRawMode(false);
          process.stdin.pause();
          process.stdin.off('data', onData);
          process.stdout.write('\n');
          resolve(value);
          return;
        }
        if (char === '\u0003') {
          process.stdin.setRawMode(false);
          reject(new staffUsers.StaffInputError('Отменено'));
          return;
        }
        if (char === '\u007f') value = value.slice(0, -1);
        else value += char;
      }
    };
    process.stdin.on('data', onData);
  });
}

async function readPassword(): Promise<string> {
  if (process.env.STAFF_PASSWORD) return process.env.STAFF_PASSWORD;
  const first = await promptPassword('Пароль: ');
  const second = await promptPassword('Ещё раз: ');
  if (first !== second) throw new staffUsers.StaffInputError('Пароли не совпадают');
  return first;
}

/**
 * The new member's name: `--name`, else asked at the terminal (the staff area and the audit log show it). Without a
 * terminal and without `--name` the account is made without one; the member can add it in the profile.
 */
async function readName(given: string | undefined): Promise<string> {
  if (given !== undefined) return given;
  if (!process.stdin.isTTY) return '';
  const terminal = readline.createInterface({ input: process.stdin, output: process.stdout });
  try {
    for (;;) {
      const name = (await terminal.question('Имя (как его увидят коллеги): ')).trim();
      if (name) return name;
    }
  } finally {
    terminal.close();
  }
}

function readRole(value: string | undefined): StaffRole {
  if (value !== 'admin' && value !== 'editor') {
    throw new staffUsers.StaffInputError('Укажите роль: --role admin или --role editor');
  }
  return value;
}

/** The command line, or null when it is not one this CLI takes (the usage is printed then). */
function readCommand() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { role: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch {
    return null;
  }
}

async function main(): Promise<number> {
  const parsed = readCommand();
  if (!parsed) {
    console.error(USAGE);
    return 2;
  }
  const { positionals, values } = parsed;
  const [command, email] = positionals;
  if (values.help || !command || (command !== 'list' && !email)) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const known = ['create', 'disable', 'enable', 'password', 'role', 'reset-2fa', 'list'];
  if (!known.includes(command)) {
    console.error(`Неизвестная команда: ${command}\n${USAGE}`);
    return 2;
  }
  const env = parseEnv();
  const database = await createDb({
    databaseUrl: env.DATABASE_URL,
    dataDir: path.join(path.resolve(env.DATA_DIR), 'pglite'),
    lockOwner: 'управление сотрудниками',
  });
  try {
    await migrateToLatest(database.db);
    const db = database.db;
    switch (command) {
      case 'create': {
        const role = readRole(values.role);
        const name = await readName(values.name);
        const password = await readPassword();
        const id = await staffUsers.createStaffUser(db, { email: email!, name, role, password }, null);
        console.log(`Добавлен сотрудник ${email} (${ROLE_NAMES[role]}, №${id})${name ? `: ${name}` : ''}`);
        if (!name) console.log('Имя не задано: его можно указать в профиле (/admin/account) или через --name.');
        return 0;
      }
      case 'disable':
      case 'enable':
        await staffUsers.setStaffDisabled(db, email!, command === 'disable', null);
        console.log(
          command === 'disable'
            ? `Сотрудник ${email} отключён, его сеансы завершены`
            : `Сотрудник ${email} снова может войти`,
        );
        return 0;
      case 'password':
        await staffUsers.setStaffPassword(db, email!, await readPassword(), null);
        console.log(`Пароль сотрудника ${email} изменён, его сеансы завершены`);
        return 0;
      case 'role': {
        const role = readRole(values.role);
        await staffUsers.setStaffRole(db, email!, role, null);
        console.log(`Сотрудник ${email} теперь ${ROLE_NAMES[role]}`);
        return 0;
      }
      case 'reset-2fa':
        await resetStaffTwoFactor(db, email!, null);
        console.log(`Двухфакторный вход сотрудника ${email} сброшен, его сеансы завершены`);
        return 0;
      default:
        for (const user of await staffUsers.listStaff(db)) {
          console.log(
            [
              user.email,
              user.name || '—',
              ROLE_NAMES[user.role],
              user.two_factor ? 'двухфакторный вход' : '',
              user.disabled ? 'отключён' : '',
            ]
              .filter(Boolean)
              .join('\t'),
          );
        }
        return 0;
    }
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    if (isOperatorError(error)) console.error(error.message);
    else console.error(error instanceof staffUsers.StaffInputError ? `Ошибка: ${error.message}` : error);
    process.exit(1);
  },
);
