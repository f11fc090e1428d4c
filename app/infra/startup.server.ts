/**
 * Start-up failures the operator can fix (a bad setting, a database another process holds): one plain line each on
 * stderr and exit code 1, no stack trace. Anything else is a bug and keeps its stack.
 */
import { DatabaseLockedError } from '#db/pglite-lock.ts';

/**
 * A problem with the configuration; `problems` holds one human sentence each. A single problem is its own one-line
 * message (`ADMIN_PASSWORD: пароль короче 10 символов…`); several are listed under a heading.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.length === 1 ? problems[0] : `Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.problems = problems;
  }
}

/** Whether the error's message alone tells the operator what to do. */
export function isOperatorError(error: unknown): error is ConfigError | DatabaseLockedError {
  return error instanceof ConfigError || error instanceof DatabaseLockedError;
}

/** Prints an operator error and exits 1; rethrows anything else. Use as `.catch(exitOnStartupError)`. */
export function exitOnStartupError(error: unknown): never {
  if (!isOperatorError(error)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
