/**
 * Fills an empty database with the demo content of db/demo/content.ts and the pictures of db/demo/pictures.ts.
 * Dates are computed from "today", so the current promo is always current and the schedule changes always fall in
 * this week. Staff accounts are not seeded (see ADMIN_EMAIL and the staff CLI).
 *
 * The production server loads this module only when it is about to seed (a dynamic import), so the demo content
 * and the drawing code stay out of its import graph.
 */
import { type Kysely, sql } from 'kysely';
import type { Storage } from '#app/infra/storage.server.ts';
import { consentVersionOf } from '#app/lib/consent.server.ts';
import { type ImageDetails, type PreparedImage, saveImage } from '#app/services/image-intake.server.ts';
import {
  ATTENDANCE_DAYS,
  ATTENDANCE_NOT_BOUGHT,
  ATTENDANCE_PEOPLE,
  ATTENDANCE_TRIAL_PEOPLE,
  ATTENDANCE_TRIAL_UTMS,
  BIDS,
  type BidSubject,
  CARDS,
  COACH_HISTORY,
  COACHES,
  FULL_SESSION_CAPACITY,
  GALLERY,
  GYMS,
  PARTNERS,
  PRIVACY_POLICY,
  PROMOS,
  SIGNUP_PEOPLE,
  TIME_ZONE,
  TRAININGS,
  TRENDS,
  WEEKDAY_TIMES,
  WEEKEND_TIMES,
} from '#db/demo/content.ts';
import {
  CARD_COVER_SIZE,
  COVER_SIZE,
  GALLERY_SIZE,
  type Hair,
  type Picture,
  portraitBackdrop,
  renderPicture,
} from '#db/demo/pictures.ts';
import type { BidKind, BidStatus, DB, NewBid } from '#db/schema.ts';

/** A weekly slot as the seed stored it. */
interface SeedSlot {
  id: number;
  training_id: number;
  gym_id: number;
  weekday: number;
  start_time: string;
}

/** Focal points of the demo pictures, in percent: a portrait's face, the gym covers' far wall, else the centre. */
const CENTRE = { focalX: 50, focalY: 50 };
const PORTRAIT_FACE = { focalX: 50, focalY: 46 };
const GYM_COVER_FOCUS = { focalX: 68, focalY: 50 };

/** Storage key prefix of every seeded picture. */
export const SEED_KEY_PREFIX = 'seed';

const FEMALE_HAIR: readonly Hair[] = ['bun', 'long', 'ponytail'];
const MALE_HAIR: readonly Hair[] = ['short', 'crop'];
/** Club T-shirts: the brand's orange, charcoal and a deep blue. */
const SHIRTS = ['#c2410c', '#343a40', '#1c3d6e', '#5c2d91'];

/** What to draw for every seeded record, group by group (the order of each content list). */
export function demoPictures() {
  const trendScene = new Map(TRENDS.map((trend) => [trend.key, trend.picture]));
  return {
    gyms: GYMS.map(
      // The hero puts its text on the left: the room's far wall goes to the right.
      (_, i): Picture => ({
        kind: 'scene',
        scene: 'gym-floor',
        size: { ...COVER_SIZE, subjectX: 0.68 },
        seed: 101 + i,
        variant: i,
      }),
    ),
    trends: TRENDS.map(
      (trend, i): Picture => ({
        kind: 'scene',
        scene: trend.picture,
        size: CARD_COVER_SIZE,
        seed: 201 + i,
        variant: 0,
      }),
    ),
    // The two trainings of a trend get the trend's scene in two different versions.
    trainings: TRAININGS.map(
      (training, i): Picture => ({
        kind: 'scene',
        scene: trendScene.get(training.trend)!,
        size: CARD_COVER_SIZE,
        seed: 301 + i,
        variant: TRAININGS.slice(0, i).filter((other) => other.trend === training.trend).length,
      }),
    ),
    coaches: COACHES.map((coach, i): Picture => {
      // A Russian patronymic tells a woman (…вна) from a man (…вич): the silhouette's hair and build follow.
      const female = coach.full_name.split(' ')[1]?.endsWith('вна') ?? false;
      const hair = female ? FEMALE_HAIR[i % FEMALE_HAIR.length]! : MALE_HAIR[i % MALE_HAIR.length]!;
      return {
        kind: 'portrait',
        seed: 401 + i,
        options: {
          hair,
          backdrop: portraitBackdrop(trendScene.get(coach.trends[0]!)!),
          shirt: SHIRTS[i % SHIRTS.length]!,
          rim: i % 2 ? '#ffe8cc' : '#d0ebff',
          lightFrom: i % 2 ? 'left' : 'right',
          tilt: ((i * 7) % 9) - 4,
          build: female ? 0.1 : 0.6 + (i % 3) * 0.2,
        },
      };
    }),
    promos: PROMOS.map(
      (promo, i): Picture => ({ kind: 'scene', scene: promo.picture, size: COVER_SIZE, seed: 501 + i, variant: i + 1 }),
    ),
    gallery: GALLERY.map(
      (item, i): Picture => ({ kind: 'scene', scene: item.picture, size: GALLERY_SIZE, seed: 601 + i, variant: i }),
    ),
    partners: PARTNERS.map((partner): Picture => ({ kind: 'logo', mark: partner.mark, color: partner.color })),
  };
}

type PictureGroups = ReturnType<typeof demoPictures>;
type PreparedGroups = { [K in keyof PictureGroups]: PreparedImage[] };

async function renderAll(groups: PictureGroups): Promise<PreparedGroups> {
  const entries = await Promise.all(
    Object.entries(groups).map(async ([name, pictures]) => [name, await Promise.all(pictures.map(renderPicture))]),
  );
  return Object.fromEntries(entries) as PreparedGroups;
}

// ─── Dates ──────────────────────────────────────────────────────────────────────────────────────

/** `YYYY-MM-DD` of `now` in `timeZone`. */
function localDate(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** ISO weekday, 1 = Monday … 7 = Sunday. */
function isoWeekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
}

/** A moment `daysAgo` days before `now`, at `hour` o'clock Yekaterinburg time (UTC+5, no DST). */
function momentAgo(now: Date, daysAgo: number, hour: number): Date {
  const date = addDays(localDate(now, TIME_ZONE), -daysAgo);
  const moment = new Date(`${date}T${String(hour).padStart(2, '0')}:00:00+05:00`);
  // A bid "today at 9" before 9 o'clock would be in the future: move it an hour back from now.
  return moment > now ? new Date(now.getTime() - 60 * 60 * 1000) : moment;
}

const HOUR = 60 * 60 * 1000;

/** Midnight (Yekaterinburg, UTC+5) of `date` as a moment. */
function localMidnight(date: string): Date {
  return new Date(`${date}T00:00:00+05:00`);
}

/** The first day of the month after `today` (`YYYY-MM-DD`). */
function firstOfNextMonth(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** The demo's manager of the first club: an account that is off until an admin turns it on. */
export const DEMO_MANAGER = { email: 'manager.malysheva@club.example', name: 'Ирина Соколова (менеджер, демо)' };

/** The demo's scheduled price change (docs/demo-content.md): the monthly card costs this much from the 1st. */
const NEXT_MONTH_PRICE = 5290;

/**
 * What the seeded bids consented to: the demo policy text at its first edit version, recorded exactly as the site
 * records a real bid's consent, so their pages name that text (docs/product/bids.md, "Consent and the policy").
 */
const DEMO_CONSENT_VERSION = consentVersionOf(PRIVACY_POLICY.title, PRIVACY_POLICY.body, 1);

// ─── Seeding ────────────────────────────────────────────────────────────────────────────────────

export interface SeedOptions {
  /** "Today" for promo dates, schedule changes and bid times; defaults to the current time. */
  now?: Date;
  /**
   * Whether to add the demo bids (default true). Made-up applications with made-up phone numbers belong only in a
   * throwaway embedded database, never in a PostgreSQL database staff may later use for real (docs/demo-content.md).
   */
  bids?: boolean;
}

/**
 * Fills an empty database with the demo content. Does nothing (and returns false) when there is
 * already a gym. Pictures are rendered and written to storage first; the rows go in one transaction,
 * under an advisory lock so that two instances starting at once seed only once.
 */
export async function seedDemo(db: Kysely<DB>, storage: Storage, options: SeedOptions = {}): Promise<boolean> {
  if (await hasGyms(db)) return false;
  const now = options.now ?? new Date();
  const pictures = await renderAll(demoPictures());

  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('seed-demo'))`.execute(trx);
    if (await hasGyms(trx)) return false;

    // Every demo picture has a focal point and a description (docs/product/images.md), as staff would give it.
    const saveAll = async (
      images: PreparedImage[],
      focus: Pick<ImageDetails, 'focalX' | 'focalY'>,
      alt: (index: number) => string,
    ) => {
      const ids: number[] = [];
      for (const [i, image] of images.entries()) {
        const details = { ...focus, alt: alt(i), decorative: false };
        ids.push((await saveImage(trx, storage, image, { keyPrefix: SEED_KEY_PREFIX, details })).id);
      }
      return ids;
    };

    // Gyms keep ids 1..3 (gym 1 is the default active gym, docs/product/gyms.md); the sequence continues after.
    const gymCovers = await saveAll(pictures.gyms, GYM_COVER_FOCUS, (i) => `Тренажёрный зал: ${GYMS[i]!.name}`);
    await trx
      .insertInto('gyms')
      .values(
        GYMS.map((gym, i) => ({
          ...gym,
          time_zone: TIME_ZONE,
          cover_image_id: gymCovers[i]!,
          sort_order: i + 1,
        })),
      )
      .execute();
    await sql`SELECT setval(pg_get_serial_sequence('gyms', 'id'), (SELECT max(id) FROM gyms))`.execute(trx);

    // A manager of the first club (docs/product/roles.md), to show the role on /admin/staff. The account is off and
    // has no password that any input matches: an admin turns it on and gives it one.
    const manager = await trx
      .insertInto('staff_users')
      .values({ ...DEMO_MANAGER, role: 'manager', password_hash: '!', disabled: true })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (manager) await trx.insertInto('staff_user_gyms').values({ staff_user_id: manager.id, gym_id: 1 }).execute();

    const trendCovers = await saveAll(
      pictures.trends,
      CENTRE,
      (i) => `Зал, где проходят занятия направления «${TRENDS[i]!.title}»`,
    );
    const trendRows = await trx
      .insertInto('trends')
      .values(
        TRENDS.map((trend, i) => ({
          title: trend.title,
          summary: trend.summary,
          description: trend.description,
          cover_image_id: trendCovers[i]!,
          sort_order: i + 1,
        })),
      )
      .returning('id')
      .execute();
    const trendId = new Map(TRENDS.map((trend, i) => [trend.key, trendRows[i]!.id]));

    const trainingCovers = await saveAll(
      pictures.trainings,
      CENTRE,
      (i) => `Зал для тренировки «${TRAININGS[i]!.title}»`,
    );
    const trainingRows = await trx
      .insertInto('trainings')
      .values(
        TRAININGS.map((training, i) => ({
          trend_id: trendId.get(training.trend)!,
          title: training.title,
          description: training.description,
          level: training.level,
          duration_min: training.duration,
          cover_image_id: trainingCovers[i]!,
          sort_order: i + 1,
        })),
      )
      .returning('id')
      .execute();
    const trainingIds = trainingRows.map((row) => row.id);

    const coachPhotos = await saveAll(
      pictures.coaches,
      PORTRAIT_FACE,
      (i) => `Портрет тренера: ${COACHES[i]!.full_name}`,
    );
    const coachRows = await trx
      .insertInto('coaches')
      .values(
        COACHES.map((coach, i) => ({
          full_name: coach.full_name,
          photo_image_id: coachPhotos[i]!,
          position: coach.position,
          summary: coach.summary,
          bio: coach.bio,
          experience_since: coach.experience_since,
          achievements: JSON.stringify(coach.achievements),
          sort_order: i + 1,
        })),
      )
      .returning('id')
      .execute();
    const coachIds = coachRows.map((row) => row.id);
    await trx
      .insertInto('coach_trends')
      .values(
        COACHES.flatMap((coach, i) =>
          coach.trends.map((trend) => ({ coach_id: coachIds[i]!, trend_id: trendId.get(trend)! })),
        ),
      )
      .execute();
    await trx
      .insertInto('coach_gyms')
      .values(COACHES.flatMap((coach, i) => coach.gyms.map((gym) => ({ coach_id: coachIds[i]!, gym_id: gym }))))
      .execute();

    // One coach with a few saved versions (docs/revisions.md), stored as the staff editor stores them: the
    // section's field values, links as sorted id lists.
    const historyCoach = COACHES[COACH_HISTORY.coach]!;
    const current = {
      full_name: historyCoach.full_name,
      photo_image_id: coachPhotos[COACH_HISTORY.coach]!,
      position: historyCoach.position,
      summary: historyCoach.summary,
      bio: historyCoach.bio,
      experience_since: historyCoach.experience_since,
      achievements: historyCoach.achievements,
      trends: historyCoach.trends.map((trend) => trendId.get(trend)!).sort((a, b) => a - b),
      gyms: [...historyCoach.gyms].sort((a, b) => a - b),
      published: true,
    };
    await trx
      .insertInto('content_revisions')
      .values(
        COACH_HISTORY.versions.map((version) => ({
          section: 'coaches',
          record_id: coachIds[COACH_HISTORY.coach]!,
          kind: version.kind,
          data: JSON.stringify({ ...current, ...version.changes }),
          staff_name: COACH_HISTORY.editor,
          created_at: momentAgo(now, version.daysAgo, 11),
        })),
      )
      .execute();

    // A full week for every club; trainings rotate (5 is coprime with 12, so all twelve appear) and
    // each slot goes to a coach of that club who teaches the training's trend.
    const slots = GYMS.flatMap((gym, gymIndex) => {
      let k = gymIndex * 3;
      return [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) =>
        (weekday <= 5 ? WEEKDAY_TIMES : WEEKEND_TIMES).map((time) => {
          const trainingIndex = (k * 5) % TRAININGS.length;
          const training = TRAININGS[trainingIndex]!;
          const trend = TRENDS.find((t) => t.key === training.trend)!;
          const candidates = COACHES.flatMap((coach, i) =>
            coach.gyms.includes(gym.id) && coach.trends.includes(training.trend) ? [coachIds[i]!] : [],
          );
          k += 1;
          return {
            gym_id: gym.id,
            training_id: trainingIds[trainingIndex]!,
            coach_id: candidates.length > 0 ? candidates[k % candidates.length]! : null,
            weekday,
            start_time: `${time}:00`,
            duration_min: training.duration,
            room: trend.room,
            capacity: trend.capacity,
          };
        }),
      );
    });
    const slotRows = await trx
      .insertInto('schedule_slots')
      .values(slots)
      .returning(['id', 'gym_id', 'weekday', 'start_time', 'coach_id', 'training_id'])
      .execute();

    // This week in the first club: tomorrow's last session is cancelled and the one before it gets
    // another coach (on a Sunday, both happen today so they stay inside the current week).
    const today = localDate(now, TIME_ZONE);
    const changeDate = isoWeekday(today) < 7 ? addDays(today, 1) : today;
    const daySlots = slotRows
      .filter((slot) => slot.gym_id === 1 && slot.weekday === isoWeekday(changeDate))
      .sort((a, b) => a.start_time.localeCompare(b.start_time));
    const cancelled = daySlots.at(-1)!;
    const changed = daySlots.at(-2)!;
    const changedTrend = TRAININGS[trainingIds.indexOf(changed.training_id)]!.trend;
    const substitutes = COACHES.map((coach, i) => ({ coach, i })).filter(
      ({ coach, i }) => coach.gyms.includes(1) && coachIds[i] !== changed.coach_id,
    );
    // Prefer a coach of the same trend; any other coach of the club will do otherwise.
    const substituteIndex = (substitutes.find(({ coach }) => coach.trends.includes(changedTrend)) ?? substitutes[0]!).i;
    await trx
      .insertInto('schedule_changes')
      .values([
        {
          slot_id: cancelled.id,
          date: changeDate,
          kind: 'cancelled',
          note: 'Тренер на соревнованиях. Приносим извинения!',
        },
        {
          slot_id: changed.id,
          date: changeDate,
          kind: 'changed',
          coach_id: coachIds[substituteIndex]!,
          note: 'Программа занятия остаётся прежней.',
        },
      ])
      .execute();

    // Sign-ups (docs/product/signups.md), tomorrow in the first club so they are always still to come: some places
    // taken in the first session, the second one full (its day's capacity lowered) with a waiting list; and two
    // people to call about the cancelled session.
    const signupDate = addDays(today, 1);
    const [firstSlot, fullSlot] = slotRows
      .filter((slot) => slot.gym_id === 1 && slot.weekday === isoWeekday(signupDate))
      .sort((a, b) => a.start_time.localeCompare(b.start_time));
    await trx
      .insertInto('schedule_changes')
      .values({ slot_id: fullSlot!.id, date: signupDate, kind: 'changed', capacity: FULL_SESSION_CAPACITY })
      .execute();
    const sessionTitle = (slot: (typeof slotRows)[number], date: string) => {
      const day = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
        new Date(`${date}T12:00:00Z`),
      );
      return `${TRAININGS[trainingIds.indexOf(slot.training_id)]!.title} — ${day}, ${slot.start_time.slice(0, 5)}`;
    };
    // Sign-ups are bids of made-up people: only where demo bids are wanted (never on a database staff use).
    if (options.bids !== false) {
      const plan = [
        ...[0, 1, 2].map((person) => ({ person, slot: firstSlot!, date: signupDate, state: 'booked' as const })),
        ...[3, 4, 5, 6].map((person) => ({ person, slot: fullSlot!, date: signupDate, state: 'booked' as const })),
        ...[7, 8].map((person) => ({ person, slot: fullSlot!, date: signupDate, state: 'waiting' as const })),
        ...[9, 10].map((person) => ({ person, slot: cancelled, date: changeDate, state: 'booked' as const })),
      ];
      const signups = await trx
        .insertInto('bids')
        .values(
          plan.map(({ person, slot, date, state }, i) => {
            const createdAt = new Date(now.getTime() - (plan.length - i) * 40 * 60 * 1000);
            return {
              name: SIGNUP_PEOPLE[person]!.name,
              phone: SIGNUP_PEOPLE[person]!.phone,
              gym_id: 1,
              kind: 'signup' as const,
              subject_title: sessionTitle(slot, date),
              consent_at: createdAt,
              consent_version: DEMO_CONSENT_VERSION,
              source_page: '/shedule/signup',
              slot_id: slot.id,
              session_date: date,
              signup_state: state,
              created_at: createdAt,
              updated_at: createdAt,
            };
          }),
        )
        .returning(['id', 'phone', 'signup_state', 'slot_id', 'created_at'])
        .execute();
      // The messages these people got (docs/product/signups.md, "Messages"), as staff see them beside each sign-up:
      // the confirmation or the waiting list, and the cancellation of the cancelled session. Already sent — the
      // made-up people have no manage link, so nothing of theirs is ever sent for real.
      await trx
        .insertInto('outbox')
        .values(
          signups.flatMap((row) => {
            const sentAt = new Date(new Date(row.created_at).getTime() + 5_000);
            const message = (kind: string, at: Date) => ({
              channel: 'sms' as const,
              bid_id: row.id,
              kind,
              recipient: row.phone,
              payload: JSON.stringify({ type: 'visitor.message', kind, bidId: row.id }),
              attempts: 1,
              next_attempt_at: at,
              sent_at: at,
            });
            const first = message(row.signup_state === 'waiting' ? 'waiting' : 'booked', sentAt);
            return row.slot_id === cancelled.id
              ? [first, message('cancelled', new Date(now.getTime() - 10 * 60 * 1000))]
              : [first];
          }),
        )
        .execute();
    }

    const cardRows = await trx
      .insertInto('cards')
      .values(
        CARDS.map((card, i) => ({
          title: card.title,
          description: card.description,
          price: card.price,
          validity_months: card.validity_months,
          validity_visits: card.validity_visits,
          features: JSON.stringify(card.features),
          highlighted: card.highlighted,
          sort_order: i + 1,
        })),
      )
      .returning('id')
      .execute();
    const cardId = new Map(CARDS.map((card, i) => [card.key, cardRows[i]!.id]));
    await trx
      .insertInto('card_gyms')
      .values(CARDS.flatMap((card) => card.gyms.map((gym) => ({ card_id: cardId.get(card.key)!, gym_id: gym }))))
      .execute();

    const promoImages = await saveAll(pictures.promos, CENTRE, (i) => `Иллюстрация акции «${PROMOS[i]!.title}»`);
    const promoRows = await trx
      .insertInto('promos')
      .values(
        PROMOS.map((promo, i) => ({
          title: promo.title,
          text: promo.text,
          image_id: promoImages[i]!,
          starts_on: addDays(today, promo.starts),
          ends_on: addDays(today, promo.ends),
          card_id: promo.card ? cardId.get(promo.card)! : null,
          // The future promo waits unpublished; it publishes itself on its first day (below).
          published: promo.starts <= 0,
          sort_order: i + 1,
        })),
      )
      .returning('id')
      .execute();
    await trx
      .insertInto('promo_gyms')
      .values(PROMOS.flatMap((promo, i) => promo.gyms.map((gym) => ({ promo_id: promoRows[i]!.id, gym_id: gym }))))
      .execute();

    // Changes that publish themselves (docs/product/scheduling.md): the future promo on its first day, and the
    // monthly card's new price from the first of next month.
    const futurePromo = PROMOS.findIndex((promo) => promo.starts > 0);
    const month = CARDS.find((card) => card.key === 'month')!;
    await trx
      .insertInto('scheduled_changes')
      .values([
        {
          section: 'promos',
          record_id: promoRows[futurePromo]!.id,
          action: 'publish',
          data: null,
          due_at: localMidnight(addDays(today, PROMOS[futurePromo]!.starts)),
          title: PROMOS[futurePromo]!.title,
        },
        {
          section: 'cards',
          record_id: cardId.get('month')!,
          action: 'update',
          data: JSON.stringify({
            title: month.title,
            description: month.description,
            price: NEXT_MONTH_PRICE,
            validity_months: month.validity_months,
            validity_visits: month.validity_visits,
            features: month.features.join('\n'),
            gyms: month.gyms,
            highlighted: month.highlighted,
            published: true,
          }),
          due_at: localMidnight(firstOfNextMonth(today)),
          title: month.title,
        },
      ])
      .execute();

    const galleryImages = await saveAll(pictures.gallery, CENTRE, (i) => GALLERY[i]!.alt);
    await trx
      .insertInto('gallery_images')
      .values(
        GALLERY.map((item, i) => ({
          image_id: galleryImages[i]!,
          alt: item.alt,
          caption: item.caption,
          gym_id: item.gym,
          sort_order: i + 1,
        })),
      )
      .execute();

    const partnerLogos = await saveAll(pictures.partners, CENTRE, (i) => `Логотип партнёра: ${PARTNERS[i]!.name}`);
    await trx
      .insertInto('partners')
      .values(
        PARTNERS.map((partner, i) => ({
          name: partner.name,
          url: partner.url,
          description: partner.description,
          logo_image_id: partnerLogos[i]!,
          sort_order: i + 1,
        })),
      )
      .execute();

    await trx.updateTable('privacy_policy').set({ title: PRIVACY_POLICY.title, body: PRIVACY_POLICY.body }).execute();

    const subjectOf = (subject: BidSubject): { subject_id: number | null; subject_title: string } => {
      switch (subject.kind) {
        case 'trial':
          return { subject_id: null, subject_title: 'Пробное занятие' };
        case 'other':
          return { subject_id: null, subject_title: 'Вопрос' };
        case 'card':
          return {
            subject_id: cardId.get(subject.card)!,
            subject_title: CARDS.find((c) => c.key === subject.card)!.title,
          };
        case 'coach':
          return { subject_id: coachIds[subject.coach]!, subject_title: COACHES[subject.coach]!.full_name };
        case 'training':
          return { subject_id: trainingIds[subject.training]!, subject_title: TRAININGS[subject.training]!.title };
        case 'promo':
          return { subject_id: promoRows[subject.promo]!.id, subject_title: PROMOS[subject.promo]!.title };
      }
    };

    // Each bid with its status history: new → in_progress after a couple of hours, then → done or
    // rejected the next day.
    for (const bid of options.bids === false ? [] : BIDS) {
      const createdAt = momentAgo(now, bid.daysAgo, bid.hour);
      const history: { from: BidStatus; to: BidStatus; at: Date }[] = [];
      if (bid.status !== 'new')
        history.push({ from: 'new', to: 'in_progress', at: new Date(createdAt.getTime() + 2 * HOUR) });
      if (bid.status === 'done' || bid.status === 'rejected')
        history.push({ from: 'in_progress', to: bid.status, at: new Date(createdAt.getTime() + 26 * HOUR) });
      const last = history.at(-1);
      const kind: BidKind = bid.subject.kind;
      const { id } = await trx
        .insertInto('bids')
        .values({
          name: bid.name,
          phone: bid.phone,
          comment: bid.comment,
          gym_id: bid.gym,
          kind,
          ...subjectOf(bid.subject),
          consent_at: createdAt,
          consent_version: DEMO_CONSENT_VERSION,
          source_page: bid.source,
          utm: JSON.stringify(bid.utm ?? {}),
          status: bid.status,
          staff_note: bid.note ?? null,
          status_changed_at: last?.at ?? null,
          created_at: createdAt,
          updated_at: last?.at ?? createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (history.length > 0) {
        await trx
          .insertInto('bid_events')
          .values(
            history.map((event, i) => ({
              bid_id: id,
              from_status: event.from,
              to_status: event.to,
              note: i === history.length - 1 ? (bid.note ?? '') : 'Взята в работу',
              created_at: event.at,
            })),
          )
          .execute();
      }
    }
    if (options.bids !== false) {
      const titleOf = (trainingId: number) => TRAININGS[trainingIds.indexOf(trainingId)]!.title;
      await seedAttendanceMonth(trx, { today, slotRows, titleOf, cardIds: cardRows.map((row) => row.id) });
    }
    return true;
  });
}

/**
 * A month of attendance and outcomes (docs/product/report.md): for each of the last days the first club's first
 * session with two people from the schedule and, every other day, a trial bid from a campaign with its place. Marks:
 * «Не пришёл» for every fourth trial and every fifth other person, «Пришёл» otherwise; of the trials that came a third
 * bought a card, a third did not (a reason), a third wait for their call.
 */
async function seedAttendanceMonth(
  trx: Kysely<DB>,
  {
    today,
    slotRows,
    titleOf,
    cardIds,
  }: { today: string; slotRows: SeedSlot[]; titleOf: (trainingId: number) => string; cardIds: number[] },
) {
  let person = 0;
  const next = () => ATTENDANCE_PEOPLE[person++ % ATTENDANCE_PEOPLE.length]!;
  const dayMonth = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' });
  for (let daysAgo = 1; daysAgo <= ATTENDANCE_DAYS; daysAgo++) {
    const date = addDays(today, -daysAgo);
    const slot = slotRows
      .filter((row) => row.gym_id === 1 && row.weekday === isoWeekday(date))
      .sort((a, b) => a.start_time.localeCompare(b.start_time))[0];
    if (!slot) continue;
    const start = new Date(`${date}T${slot.start_time.slice(0, 5)}:00+05:00`);
    const marked = new Date(start.getTime() + 15 * 60 * 1000);
    const signup = (who: { name: string; phone: string }, createdAt: Date, extra: Partial<NewBid>) => ({
      name: who.name,
      phone: who.phone,
      gym_id: 1,
      kind: 'signup' as const,
      subject_title: `${titleOf(slot.training_id)} — ${dayMonth.format(new Date(`${date}T12:00:00Z`))}, ${slot.start_time.slice(0, 5)}`,
      consent_at: createdAt,
      consent_version: DEMO_CONSENT_VERSION,
      status: 'done' as const,
      status_changed_at: marked,
      created_at: createdAt,
      updated_at: marked,
      slot_id: slot.id,
      session_date: date,
      signup_state: 'booked' as const,
      attendance_marked_at: marked,
      ...extra,
    });
    const rows: Array<{ id: number; createdAt: Date }> = [];
    for (let i = 0; i < 2; i++) {
      const createdAt = new Date(start.getTime() - (20 + i) * HOUR);
      const row = await trx
        .insertInto('bids')
        .values(
          signup(next(), createdAt, {
            source_page: '/shedule/signup',
            attendance: (daysAgo + i) % 5 === 0 ? 'no_show' : 'came',
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      rows.push({ id: row.id, createdAt });
    }
    if (daysAgo % 2 === 1) {
      const trial = Math.floor(daysAgo / 2);
      const who = ATTENDANCE_TRIAL_PEOPLE[trial % ATTENDANCE_TRIAL_PEOPLE.length]!;
      const createdAt = new Date(start.getTime() - 36 * HOUR);
      const came = trial % 4 !== 3;
      const utm = ATTENDANCE_TRIAL_UTMS[trial % ATTENDANCE_TRIAL_UTMS.length]!;
      const outcome = !came ? null : trial % 3 === 0 ? 'bought' : trial % 3 === 1 ? 'not_bought' : null;
      const lead = await trx
        .insertInto('bids')
        .values({
          name: who.name,
          phone: who.phone,
          gym_id: 1,
          kind: 'trial',
          subject_title: 'Пробное занятие',
          consent_at: createdAt,
          consent_version: DEMO_CONSENT_VERSION,
          source_page: '/new',
          utm: JSON.stringify(utm),
          status: 'done',
          status_changed_at: new Date(createdAt.getTime() + 2 * HOUR),
          created_at: createdAt,
          updated_at: marked,
          outcome,
          outcome_card_id: outcome === 'bought' ? cardIds[trial % cardIds.length]! : null,
          outcome_card_title: outcome === 'bought' ? CARDS[trial % cardIds.length]!.title : null,
          outcome_reason:
            outcome === 'not_bought' ? ATTENDANCE_NOT_BOUGHT[trial % ATTENDANCE_NOT_BOUGHT.length]! : null,
          outcome_at: outcome ? new Date(marked.getTime() + HOUR) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      rows.push({ id: lead.id, createdAt });
      const place = await trx
        .insertInto('bids')
        .values(
          signup(who, new Date(createdAt.getTime() + 2 * HOUR), {
            source_page: '/new',
            utm: JSON.stringify(utm),
            trial_bid_id: lead.id,
            attendance: came ? 'came' : 'no_show',
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      rows.push({ id: place.id, createdAt });
    }
    // Each one called back and done, as the demo's other processed bids.
    await trx
      .insertInto('bid_events')
      .values(
        rows.map((row) => ({
          bid_id: row.id,
          from_status: 'new' as const,
          to_status: 'done' as const,
          note: 'Подтвердили запись по телефону',
          created_at: new Date(row.createdAt.getTime() + 2 * HOUR),
        })),
      )
      .execute();
  }
}

async function hasGyms(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('gyms').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}
