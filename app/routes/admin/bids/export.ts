import { BID_KIND_LABELS, BID_STATUS_LABELS } from '#app/admin/bids.ts';
import { getDb, getRequestInfo } from '#app/infra/services.server.ts';
import { DEFAULT_TIME_ZONE } from '#app/lib/club.ts';
import { CSV_BOM, csvRows } from '#app/lib/csv.server.ts';
import { iterateBids, parseBidFilters } from '#app/models/admin/bids.server.ts';
import type { Route } from './+types/export';

const HEADER = [
  'Номер',
  'Дата',
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

const dateTime = new Intl.DateTimeFormat('ru-RU', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: DEFAULT_TIME_ZONE,
});

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
            dateTime.format(new Date(bid.created_at)),
            bid.name,
            bid.phone,
            bid.gym_name,
            BID_KIND_LABELS[bid.kind],
            bid.subject_title,
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
