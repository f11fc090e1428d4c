import { BID_KIND_LABELS, BID_STATUS_LABELS, bidTimeZone } from '#app/admin/bids.ts';
import { getStaff } from '#app/auth/staff.server.ts';
import { getDb, getRequestInfo } from '#app/infra/services.server.ts';
import { CSV_BOM, csvRow } from '#app/lib/csv.server.ts';
import { formatPhone } from '#app/lib/format.ts';
import { createZonedClock } from '#app/lib/zoned-time.ts';
import { iterateBids, parseBidFilters } from '#app/models/admin/bids.server.ts';
import { managedGyms } from '#app/services/access.server.ts';
import { getStaffClock } from '#app/services/staff-clock.server.ts';
import type { Route } from './+types/export';

const HEADER = [
  'Номер',
  'Дата (время зала)',
  'Часовой пояс зала',
  'Имя',
  'Телефон',
  'Зал',
  'Тип',
  'Предмет',
  'Статус',
  'Комментарий',
  'Заметка',
  'Страница',
  'UTM',
];

/** `utm_source=vk&utm_medium=cpc` from the stored tags' JSON text; most bids have none, and skip the parse. */
function utmText(json: string): string {
  if (json === '{}') return '';
  const utm = JSON.parse(json) as Record<string, string>;
  let text = '';
  for (const key in utm) text += `${text ? '&' : ''}${key}=${utm[key]}`;
  return text;
}

const CHUNK_BYTES = 256 * 1024;

/** Text written as UTF-8 into 256 KB buffers, each handed to the stream when full and at `flush()`. */
class ByteChunks {
  #buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  #used = 0;
  readonly #controller: ReadableStreamDefaultController<Uint8Array>;
  constructor(controller: ReadableStreamDefaultController<Uint8Array>) {
    this.#controller = controller;
  }

  write(text: string) {
    // A UTF-16 code unit is at most three UTF-8 bytes.
    if (this.#used + text.length * 3 > this.#buffer.length) {
      this.flush();
      this.#buffer = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, text.length * 3));
    }
    this.#used += this.#buffer.write(text, this.#used);
  }

  flush() {
    if (this.#used === 0) return;
    this.#controller.enqueue(this.#buffer.subarray(0, this.#used));
    this.#buffer = this.#buffer.subarray(this.#used);
    this.#used = 0;
  }
}

/**
 * The filtered inbox as CSV, streamed batch by batch: the next batch is read only when the client has
 * taken the previous one, so memory stays flat for a million rows.
 */
export async function loader({ context, url, request }: Route.LoaderArgs) {
  const db = getDb(context);
  const { logger } = getRequestInfo(context);
  const { network } = getStaffClock(context);
  // A manager exports their gyms' bids only (docs/product/roles.md).
  const scope = managedGyms(getStaff(context));
  const batches = iterateBids(db, { ...parseBidFilters(url.searchParams, network), scope });
  const encoder = new TextEncoder();
  // A bid's time in its gym's zone, as the inbox shows it; the next column names the zone (cached per zone and day).
  const clock = createZonedClock();
  let headerSent = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(CSV_BOM + csvRow(HEADER)));
        return;
      }
      try {
        const next = await batches.next();
        if (next.done) {
          controller.close();
          return;
        }
        // Each row is encoded into the output buffer as soon as it is written, so its text dies young: a batch's
        // worth of row strings held until the end of the batch survived garbage collections and cost more than
        // the rest of the export (docs/decisions/0035-fast-bid-export.md).
        const out = new ByteChunks(controller);
        for (const bid of next.value) {
          const timeZone = bidTimeZone(bid.gym_time_zone, network);
          out.write(
            csvRow([
              bid.id,
              clock.dateTime(bid.created_ms, timeZone),
              `${timeZone} (${clock.offset(bid.created_ms, timeZone)})`,
              bid.name,
              // `+7 922 123-45-67`: spaced, so no reader takes it for a number; docs/decisions/0011 keeps the plus.
              formatPhone(bid.phone),
              bid.gym_name,
              BID_KIND_LABELS[bid.kind],
              // The subject only where it says more than the kind (a trial's is the kind itself).
              bid.kind === 'trial' || bid.subject_title === BID_KIND_LABELS[bid.kind] ? null : bid.subject_title,
              BID_STATUS_LABELS[bid.status],
              bid.comment,
              bid.staff_note,
              bid.source_page,
              utmText(bid.utm_json),
            ]),
          );
        }
        out.flush();
      } catch (error) {
        logger.error({ err: error }, 'CSV export failed');
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  request.signal.addEventListener('abort', () => void batches.return(undefined));
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="bids-${stamp}.csv"`,
      // no-transform keeps the compression middleware off: gzip would more than halve the export's speed.
      'Cache-Control': 'private, no-store, no-transform',
    },
  });
}
