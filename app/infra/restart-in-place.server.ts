/**
 * Restarts this process in place (`process.execve`: the same PID, so a container's PID 1 stays the same process and
 * gets SIGTERM) with the Node flags and environment variables it lacks: V8's flags and malloc's settings are read only
 * when a process starts. Does nothing when nothing is missing, or on a platform without `execve`.
 */
export function restartInPlace(flags: readonly string[], env: Readonly<Record<string, string>> = {}): void {
  if (flags.length === 0 && Object.keys(env).length === 0) return;
  if (typeof process.execve !== 'function' || process.platform === 'win32') return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...flags, ...process.argv.slice(1)], {
    ...process.env,
    ...env,
  });
}
