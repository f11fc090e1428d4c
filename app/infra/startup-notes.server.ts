/**
 * Plain Russian lines for a person who ran `npm start` in a terminal ("Создаю базу данных…", "Готово: http://…"),
 * between the build's output and the JSON logs. Written to stderr and only to a terminal: a container's log
 * collector reads JSON lines from stdout and never sees them.
 */
export function say(text: string, stream: NodeJS.WriteStream = process.stderr): void {
  if (stream.isTTY) stream.write(`${text}\n`);
}

/** The address to open in a browser: a wildcard host becomes 127.0.0.1. */
export function localAddress(host: string, port: number): string {
  const shown =
    host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}
