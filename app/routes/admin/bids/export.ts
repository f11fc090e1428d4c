import { BID_KIND_LABELS, BID_STATUS_LABELS, bidTimeZone } from '#app/admin/bids.ts';
import { getDb, getRequestInfo } from '#app/infra/services.server.ts';
import { CSV_BOM, csvRows } from '#app/lib/csv.server.ts';
import { dateTimeFormat, formatPhone, timeZoneOffset } from '#app/lib/format.ts';
import { iterateBids, parseBidFilters } from '#app/models/admin/bids.server.ts';
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

/** A bid's time in its gym's zone, as the inbox shows it; the next column names the zone. */
function localTime(createdAt: Date | string, timeZone: string): string {
  return dateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'short', timeZone }).format(new Date(createdAt));
}

/**
 * The filtered inbox as CSV, streamed batch by batch: the next batch is read only when the client has
 * taken the previous one, so memory stays flat for a million rows.
 */
export async function loader({ context, url, request }: Route.LoaderArgs) {
  const db = getDb(context);
  const { logger } = getRequestInfo(context);
  const batches = iterateBids(db, parseBidFilters(url.searchParams));
  const encoder = new TextEncoder();
  let headerSent = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(CSV_BOM + csvRows([HEADER])));
        return;
      }
      try {
        const next = await batches.next();
        if (next.done) {
          controller.close();
          return;
        }
        const chunk = csvRows(
          next.value.map((bid) => [
            bid.id,
            localTime(bid.created_at, bidTimeZone(bid.gym_time_zone)),
            `${bidTimeZone(bid.gym_time_zone)} (${timeZoneOffset(bidTimeZone(bid.gym_time_zone), bid.created_at)})`,
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
            Object.entries(bid.utm ?? {})
              .map(([key, value]) => `${key}=${value}`)
              .join('&'),
          ]),
        );
        controller.enqueue(encoder.encode(chunk));
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
