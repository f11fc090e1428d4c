/**
 * The booking loop's figures on PostgreSQL (docs/product/signups.md), part of `npm run bench` when BENCH_DATABASE_URL
 * is set, or alone as `npm run bench:booking` (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres):
 *
 *   - sign-ups per second: `createSignup` transactions (the slot's lock, the count, the bid, its outbox rows) from
 *     BENCH_SIGNUP_CLIENTS (16) concurrent clients — all for one session (they queue on its lock), then spread over
 *     every session of the coming week (goal ≥ 200/s);
 *   - reminders: 10,000 sign-ups whose reminders fall due in the same minute (at one moment), delivered by the
 *     production server's outbox worker to a local SMSC stand-in (same HTTP API): messages per second from the due
 *     moment to the last message received (goal ≥ 200/s), and the server's peak RSS meanwhile (goal ≤ 250 MB).
 *
 * A throw-away database `bench_booking_<random>` is created with the demo content and dropped at the end.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { addDays, isoWeekday } from '#app/lib/schedule.ts';
import { createSignup } from '#app/models/signup.server.ts';
import { issueManageLink } from '#app/services/booking-link.server.ts';
import { createDb } from '#db/index.ts';
import {
  buildUnlessSkipped,
  containerMemoryEnv,
  rssMb,
  startProductionServer,
  stop,
  waitForReady,
} from '#scripts/lib/bench-server.ts';
import { withPgClient } from '#scripts/lib/pg-client.ts';
import { startFakeSmsc } from '#tests/fixtures/fake-smsc.ts';

const RSS_GOAL_MB = 250;
const RATE_GOAL = 200;
const CLIENTS = Number(process.env.BENCH_SIGNUP_CLIENTS ?? 16);
const SIGNUPS = Number(process.env.BENCH_SIGNUPS ?? 2000);
const REMINDERS = Number(process.env.BENCH_REMINDERS ?? 10_000);

export async function benchBooking(options: { adminUrl: string; port: number }) {
  const name = `bench_booking_${crypto.randomBytes(4).toString('hex')}`;
  await withPgClient(options.adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(options.adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = path.resolve('.bench-data-booking');
  const smsc = await startFakeSmsc();
  const base = `http://127.0.0.1:${options.port}`;
  const secret = crypto.randomBytes(32).toString('hex');
  const server = startProductionServer(options.port, dataDir, {
    ...containerMemoryEnv(),
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: secret,
    DEMO_CONTENT: '1',
    PUBLIC_URL: base,
    SMSC_LOGIN: smsc.login,
    SMSC_PASSWORD: smsc.password,
    SMSC_URL: smsc.url,
    OUTBOX_POLL_MS: '500',
  });
  const handle = await createDb({ databaseUrl, max: CLIENTS });
  try {
    await waitForReady(base);
    const db = handle.db;
    // The machine's own pace for comparison: one client committing one-row transactions, as fast as it can.
    const commitsPerSecond = await withPgClient(databaseUrl, async (client) => {
      await client.query('CREATE TABLE bench_commit (id serial PRIMARY KEY, at timestamptz DEFAULT now())');
      const started = performance.now();
      for (let n = 0; n < 300; n += 1) await client.query('INSERT INTO bench_commit DEFAULT VALUES');
      return Math.round(300 / ((performance.now() - started) / 1000));
    });
    console.log(`baseline: ${commitsPerSecond} one-row commits/s from one client (the machine's pace now)`);
    const today = new Date().toISOString().slice(0, 10);
    const slots = await db.selectFrom('schedule_slots').select(['id', 'gym_id', 'weekday']).orderBy('id').execute();
    // Every phone once per gym at most: the per-phone limits do not refuse the bench's made-up people.
    let person = 0;
    const signup = (slot: { id: number; gym_id: number }, date: string) => {
      person += 1;
      const link = issueManageLink(secret);
      return {
        name: `Бенч ${person}`,
        phone: `+7900${String(person).padStart(7, '0')}`,
        comment: '',
        gymId: slot.gym_id,
        gymName: null,
        subjectTitle: 'Бенч',
        consentVersion: 'bench',
        consentIp: null,
        sourcePage: '/shedule/signup',
        utm: {},
        slotId: slot.id,
        date,
        waitingList: true,
        email: null,
        manageNonce: link.nonce,
        manageTokenHash: link.tokenHash,
        today,
      };
    };
    const run = async (pick: (n: number) => { slot: { id: number; gym_id: number }; date: string }) => {
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (next < SIGNUPS) {
            const n = next++;
            const { slot, date } = pick(n);
            await createSignup(db, signup(slot, date), [], { sms: true, email: false });
          }
        }),
      );
      return Math.round(SIGNUPS / ((performance.now() - started) / 1000));
    };
    // One session: a slot given room for everyone, a week ahead.
    const one = slots[0]!;
    const oneDate = addDays(today, ((one.weekday - isoWeekday(today) + 7) % 7) + 7);
    await db.updateTable('schedule_slots').set({ capacity: 100_000 }).where('id', '=', one.id).execute();
    const oneSession = await run(() => ({ slot: one, date: oneDate }));
    // Many sessions: every slot on its day of the coming week.
    const sessions = slots.map((slot) => ({
      slot,
      date: addDays(today, ((slot.weekday - isoWeekday(today) + 7) % 7) + 1),
    }));
    await db.updateTable('schedule_slots').set({ capacity: 100_000 }).execute();
    const manySessions = await run((n) => sessions[n % sessions.length]!);
    console.log(
      `sign-ups: ${oneSession}/s for one session, ${manySessions}/s across ${sessions.length} sessions ` +
        `(${CLIENTS} clients, ${SIGNUPS} each; goal ≥ ${RATE_GOAL}/s)`,
    );

    // Let the confirmations of the sign-ups above go out first.
    const drained = Date.now() + 120_000;
    while (Date.now() < drained) {
      const { rows } = await withPgClient(databaseUrl, (client) =>
        client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL AND next_attempt_at <= now() AND attempts < 12`,
        ),
      );
      if (rows[0]!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    // 10,000 booked sign-ups whose reminders fall due at the same moment (sessions of one hour), 20 s from now.
    const reminderSlot = slots[1] ?? one;
    const reminderDate = addDays(today, 10);
    const dueFrom = new Date(Date.now() + 20_000);
    await withPgClient(databaseUrl, async (client) => {
      await client.query(
        `INSERT INTO bids (name, phone, kind, consent_at, consent_version, gym_id, slot_id, session_date, signup_state,
           manage_nonce, manage_token_hash)
         SELECT 'Напоминание ' || n, '+7901' || lpad(n::text, 7, '0'), 'signup', now(), 'bench', $1, $2, $3, 'booked',
           md5(random()::text), md5(random()::text || n)
         FROM generate_series(1, $4::int) AS n`,
        [reminderSlot.gym_id, reminderSlot.id, reminderDate, REMINDERS],
      );
      await client.query(
        `INSERT INTO outbox (channel, payload, bid_id, kind, recipient, next_attempt_at)
         SELECT 'sms', json_build_object('type', 'visitor.message', 'kind', 'reminder', 'bidId', id), id, 'reminder',
           phone, $2::timestamptz
         FROM bids WHERE consent_version = 'bench' AND session_date = $1 AND name LIKE 'Напоминание %'`,
        [reminderDate, dueFrom.toISOString()],
      );
    });
    const before = smsc.received.length;
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(server.pid) ?? 0);
    }, 500);
    const deadline = Date.now() + 300_000;
    let lastAt = Date.now();
    while (Date.now() < deadline && smsc.received.length - before < REMINDERS) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      lastAt = Date.now();
    }
    clearInterval(sampler);
    const delivered = smsc.received.length - before;
    const ids = new Set(smsc.received.slice(before).map((sms) => sms.id));
    // From the due moment to the last message received (the worker polls every 0.5 s: included).
    const seconds = (lastAt - dueFrom.getTime()) / 1000;
    const rate = Math.round(delivered / seconds);
    console.log(
      `reminders: ${delivered} of ${REMINDERS} due at the same moment delivered in ${seconds.toFixed(1)} s = ` +
        `${rate}/s (goal ≥ ${RATE_GOAL}/s), each once: ${ids.size === delivered}; server RSS peak ${peak} MB ` +
        `(goal ≤ ${RSS_GOAL_MB})`,
    );
    return {
      baselineCommitsPerSecond: commitsPerSecond,
      signupsPerSecond: { oneSession, manySessions },
      reminders: { delivered, seconds, rate, peakRssMb: peak },
    };
  } finally {
    await handle.close();
    await stop(server);
    await smsc.close();
    await withPgClient(options.adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildUnlessSkipped();
  const result = await benchBooking({
    adminUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    port: Number(process.env.BENCH_PORT ?? 3190) + 5,
  });
  console.log(JSON.stringify(result));
}
