import { BID_KIND_LABELS, BID_STATUS_LABELS, bidTimeZone } from '#app/admin/bids.ts';
import { getDb, getRequestInfo } from '#app/infra/services.server.ts';
import { CSV_BOM, csvRow } from '#app/lib/csv.server.ts';
import { formatPhone } from '#app/lib/format.ts';
import { createZonedClock } from '#app/lib/zoned-time.ts';
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

function utmText(utm: Record<string, string> | null | undefined): string {
  let text = '';
  if (utm) for (const key in utm) text += `${text ? '&' : ''}${key}=${utm[key]}`;
  return text;
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
        // One string per batch: a row at a time through the writer, no intermediate arrays of rows.
        let chunk = '';
        for (const bid of next.value) {
          const timeZone = bidTimeZone(bid.gym_time_zone);
          chunk += csvRow([
            bid.id,
            clock.dateTime(bid.created_at, timeZone),
            `${timeZone} (${clock.offset(bid.created_at, timeZone)})`,
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
            utmText(bid.utm),
          ]);
        }
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
