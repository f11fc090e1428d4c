/**
 * The staff CLI (README):
 *   npm run staff -- create <email> --role admin|editor [--name "Имя"]   (password: STAFF_PASSWORD or a prompt)
 *   npm run staff -- disable <email>
 *   npm run staff -- enable <email>
 *   npm run staff -- password <email>                                      (password: STAFF_PASSWORD or a prompt)
 *   npm run staff -- reset-2fa <email>                                     (second factor off, sessions ended)
 *   npm run staff -- list
 * Uses DATABASE_URL, or the PGlite database in DATA_DIR (stop the server first: PGlite allows one process, and the
 * CLI refuses with a message naming the process that holds it).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseEnv } from '#app/infra/env.server.ts';
import { isOperatorError } from '#app/infra/startup.server.ts';
import * as staffUsers from '#app/models/staff.server.ts';
import { resetStaffTwoFactor } from '#app/models/two-factor.server.ts';
import { createDb, migrateToLatest } from '#db/index.ts';
import type { StaffRole } from '#db/schema.ts';

const USAGE = `Usage:
  npm run staff -- create <email> --role admin|editor [--name "Имя"]
  npm run staff -- disable <email>
  npm run staff -- enable <email>
  npm run staff -- password <email>
  npm run staff -- reset-2fa <email>     (turns two-factor sign-in off and ends the member's sessions)
  npm run staff -- list
The password comes from STAFF_PASSWORD or an interactive prompt (at least ${staffUsers.MIN_PASSWORD_LENGTH} characters).`;

/** Reads a password without echoing it. */
async function promptPassword(question: string): Promise<string> {
  if (!process.stdin.isTTY)
    throw new staffUsers.StaffInputError('No terminal to ask for a password: set STAFF_PASSWORD');
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
          reject(new staffUsers.StaffInputError('Cancelled'));
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

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { role: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, email] = positionals;
  if (values.help || !command || (command !== 'list' && !email)) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const env = parseEnv();
  const database = await createDb({
    databaseUrl: env.DATABASE_URL,
    dataDir: path.join(path.resolve(env.DATA_DIR), 'pglite'),
    lockOwner: 'staff CLI',
  });
  try {
    await migrateToLatest(database.db);
    const db = database.db;
    switch (command) {
      case 'create': {
        if (values.role !== 'admin' && values.role !== 'editor')
          throw new staffUsers.StaffInputError('--role admin|editor is required');
        const password = await readPassword();
        const id = await staffUsers.createStaffUser(
          db,
          { email: email!, name: values.name, role: values.role as StaffRole, password },
          null,
        );
        console.log(`Created ${values.role} ${email} (id ${id})`);
        return 0;
      }
      case 'disable':
      case 'enable':
        await staffUsers.setStaffDisabled(db, email!, command === 'disable', null);
        console.log(command === 'disable' ? `Disabled ${email}; their sessions have ended` : `Enabled ${email}`);
        return 0;
      case 'password':
        await staffUsers.setStaffPassword(db, email!, await readPassword(), null);
        console.log(`Password changed for ${email}; their sessions have ended`);
        return 0;
      case 'reset-2fa':
        await resetStaffTwoFactor(db, email!, null);
        console.log(`Two-factor sign-in reset for ${email}; their sessions have ended`);
        return 0;
      case 'list':
        for (const user of await staffUsers.listStaff(db)) {
          console.log(
            `${user.email}\t${user.role}${user.two_factor ? '\t2fa' : ''}${user.disabled ? '\tdisabled' : ''}`,
          );
        }
        return 0;
      default:
        console.error(`Unknown command: ${command}\n${USAGE}`);
        return 2;
    }
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    if (isOperatorError(error)) console.error(error.message);
    else console.error(error instanceof staffUsers.StaffInputError ? `Error: ${error.message}` : error);
    process.exit(1);
  },
);
