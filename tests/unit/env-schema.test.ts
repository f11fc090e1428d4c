/** The settings' rules across variables (README, configuration): one sentence per problem, nothing half-configured. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { type Env, mailSender, parseEnv } from '#app/infra/env.server.ts';
import { mailText } from '#app/services/outbox-worker.server.ts';
import { configProblems } from '#tests/fixtures/env.ts';

const S3 = {
  S3_ENDPOINT: 'https://storage.yandexcloud.net',
  S3_BUCKET: 'club',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
};
const SMTP = { SMTP_URL: 'smtps://u:p@smtp.example.ru', BIDS_NOTIFY_EMAIL: 'desk@club.example' };

describe('settings: groups', () => {
  it('S3: all four or none; the region defaults to us-east-1', () => {
    expect(parseEnv(S3).S3_REGION).toBe('us-east-1');
    expect(parseEnv({ ...S3, S3_REGION: 'ru-central1' }).S3_REGION).toBe('ru-central1');
    expect(configProblems({ S3_ENDPOINT: S3.S3_ENDPOINT, S3_BUCKET: 'club' })).toEqual([
      'S3: S3_ENDPOINT, S3_BUCKET set but S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY missing (set all four, or none for local disk)',
    ]);
    expect(configProblems({ S3_PUBLIC_URL: 'https://cdn.club.example' })).toEqual([
      'S3: S3_PUBLIC_URL set without S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
    ]);
  });

  it('SMTP_URL needs BIDS_NOTIFY_EMAIL and PUBLIC_URL; the sender defaults to the public host', () => {
    expect(configProblems({ SMTP_URL: SMTP.SMTP_URL })).toEqual([
      'BIDS_NOTIFY_EMAIL: required with SMTP_URL (where to send new bids)',
      'PUBLIC_URL: required with SMTP_URL (the letters link to the bid)',
    ]);
    const env = parseEnv({ ...SMTP, PUBLIC_URL: 'https://club.example/' });
    expect(env.PUBLIC_URL).toBe('https://club.example');
    expect(mailSender(env)).toBe('Сайт клуба <no-reply@club.example>');
    expect(mailSender({ ...env, SMTP_FROM: 'Клуб <bids@club.example>' })).toBe('Клуб <bids@club.example>');
    expect(configProblems({ BIDS_NOTIFY_EMAIL: 'desk@club.example' })).toEqual([
      'BIDS_NOTIFY_EMAIL: set without SMTP_URL (no e-mail can be sent)',
    ]);
    expect(configProblems({ ...SMTP, SMTP_URL: 'mail.example.ru', PUBLIC_URL: 'https://club.example' })).toEqual([
      'SMTP_URL: must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.ru',
    ]);
  });

  it('the letter links to the bid with an absolute address', () => {
    const bid = { type: 'bid.created', bidId: 7, name: 'Анна', phone: '+79990000000' } as Parameters<
      typeof mailText
    >[0];
    expect(mailText(bid, (id) => `https://club.example/admin/bids/${id}`).text).toContain(
      'Открыть: https://club.example/admin/bids/7',
    );
  });

  it('URLs must be http(s) addresses', () => {
    expect(configProblems({ PUBLIC_URL: 'club.example' })).toEqual([
      'PUBLIC_URL: must be an http(s) URL such as https://club.example',
    ]);
    expect(configProblems({ ...S3, S3_PUBLIC_URL: 'ftp://cdn.example' })).toEqual([
      'S3_PUBLIC_URL: must be an http(s) URL such as https://club.example',
    ]);
    expect(configProblems({ BIDS_WEBHOOK_URL: 'javascript:alert(1)' })).toHaveLength(1);
  });

  it('the bid forms wait 2.5 s by default; BID_MIN_FILL_MS sets another minimum within bounds', () => {
    expect(parseEnv({}).BID_MIN_FILL_MS).toBe(2500);
    expect(parseEnv({ BID_MIN_FILL_MS: '1000' }).BID_MIN_FILL_MS).toBe(1000);
    expect(configProblems({ BID_MIN_FILL_MS: '50' })).toEqual(['BID_MIN_FILL_MS: must be at least 100 ms']);
    expect(configProblems({ BID_MIN_FILL_MS: '2,5' })).toEqual(['BID_MIN_FILL_MS: must be a number of milliseconds']);
  });

  it('lists every problem at once, SESSION_SECRET first', () => {
    const found = configProblems({ PORT: 'abc', SESSION_SECRET: 'short', PUBLIC_URL: 'nope', DEMO_CONTENT: 'yes' });
    expect(found[0]).toBe('SESSION_SECRET: must be at least 32 characters long (e.g. openssl rand -hex 32)');
    expect(found).toHaveLength(4);
    expect(found).toContain('DEMO_CONTENT: must be 0 or 1');
    expect(found).toContain('PORT: must be a port number');
  });

  it('a complete configuration passes', () => {
    const env: Env = parseEnv({
      ...S3,
      ...SMTP,
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://club@db/club',
      SESSION_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://club.example',
    });
    expect(env.S3_BUCKET).toBe('club');
  });
});

describe('settings: the server refuses a bad configuration', () => {
  it('exits 1 with one line per problem and no stack, before opening the database', async () => {
    const result = await promisify(execFile)(process.execPath, ['server.ts'], {
      env: { ...process.env, SMTP_URL: 'smtp://localhost', PORT: 'x', DATA_DIR: '/nonexistent/never-created' },
    }).catch((error) => error);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'Invalid configuration:\n  PORT: must be a port number\n  BIDS_NOTIFY_EMAIL: required with SMTP_URL (where to send new bids)\n  PUBLIC_URL: required with SMTP_URL (the letters link to the bid)\n',
    );
  });

  it('stops at once with one Russian line when ADMIN_PASSWORD is shorter than 10 characters', async () => {
    const result = await promisify(execFile)(process.execPath, ['server.ts'], {
      env: {
        ...process.env,
        ADMIN_EMAIL: 'boss@club.test',
        ADMIN_PASSWORD: 'short-pw',
        DATA_DIR: '/nonexistent/never-created',
      },
    }).catch((error) => error);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'ADMIN_PASSWORD: пароль короче 10 символов, с ним администратор не будет создан и войти будет нельзя: задайте пароль длиннее\n',
    );
    expect(result.stdout).toBe('');
  });
});
