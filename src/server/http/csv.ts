import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import type { z } from "@domain/zod";
import type { Access } from "../auth/guard";
import { CSV_BOM, csvFileName, csvHeader, csvRow, pages, type CsvColumn } from "../lib/csv";
import { encodeCursor } from "../lib/list";
import { endpoint, type Endpoint } from "./endpoint";

// The HTTP half of the CSV exports (lib/csv.ts writes the text): the streamed download and the
// one declaration every list's export is made from.

/**
 * Streams the CSV of a paged list as a download. The first page is read before the headers go
 * out: a database error there (a NUL byte in the search, say) is still a normal JSON error
 * answer instead of a download cut in the middle.
 */
export async function sendCsv<T>(
  reply: FastifyReply,
  fileName: string,
  columns: CsvColumn<T>[],
  source: AsyncIterable<T[]>,
) {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* lines() {
    yield CSV_BOM + csvHeader(columns);
    for (let page = first; !page.done; page = await iterator.next()) {
      let chunk = "";
      for (const row of page.value) chunk += csvRow(columns, row);
      yield chunk;
    }
  }
  return reply
    .type("text/csv; charset=utf-8")
    .header("Content-Disposition", `attachment; filename="${fileName.replace(/[^\w.-]/g, "_")}"`)
    .header("Cache-Control", "no-store")
    .send(Readable.from(lines()));
}

export interface CsvExportOptions<Q extends z.ZodType, T> {
  /** e.g. "/api/clients/export.csv" */
  url: `/api/${string}`;
  /** Who may download it (docs/domain/roles.md): every export is office data, never a technician's. */
  access: Access;
  /** The OpenAPI summary, in Italian. */
  summary: string;
  /** The list's own filters (q, status, sort…) without limit/offset. */
  querystring: Q;
  /** File name without date and extension, in Italian: "clienti". */
  fileName: string;
  columns: CsvColumn<T>[];
  tags?: string[];
}

/**
 * Where the rows come from: a keyset list's query (lib/list.ts: each row carries its `cursor`)
 * read from `after`, the cursor of the last row sent (undefined for the first page), so the
 * database starts every page at its place in the index; or, for a list without cursors, its
 * page at `offset`.
 */
export type CsvPages<Q extends z.ZodType, T> =
  | { fetchPage: (query: z.output<Q>, limit: number, after: string | undefined) => Promise<(T & { cursor: string })[]> }
  | { fetchOffsetPage: (query: z.output<Q>, limit: number, offset: number) => Promise<T[]> };

/**
 * The generic way every admin list gets its export: one declared endpoint with the module's list query.
 * The route declares its access like every other route (exports are "office": never a technician).
 *
 *   csvExport({ url: "/api/clients/export.csv", access: "office", summary: "Esporta i clienti (CSV)",
 *     querystring: clientExportQuerySchema, fileName: "clienti", columns,
 *     fetchPage: (q, limit, after) => listClients(db, { ...q, limit, offset: 0, after }) })
 */
export function csvExport<Q extends z.ZodType, T>(options: CsvExportOptions<Q, T> & CsvPages<Q, T>): Endpoint {
  return endpoint({
    method: "GET",
    url: options.url,
    access: options.access,
    summary: options.summary,
    schema: { tags: options.tags ?? ["esportazione"], querystring: options.querystring, produces: ["text/csv"] },
    handler: async (request, reply) => {
      // The export reads the whole list: a page cursor the address carries (a list's URL copied)
      // is not where it starts; it walks its own cursors.
      const { after: _after, before: _before, ...filters } = request.query as Record<string, unknown>;
      const query = filters as z.output<Q>;
      return sendCsv(
        reply,
        csvFileName(options.fileName),
        options.columns,
        "fetchPage" in options
          ? pages<T & { cursor: string }>((limit, last) =>
              options.fetchPage(query, limit, last ? encodeCursor(last.cursor) : undefined),
            )
          : pages<T>((limit, _last, offset) => options.fetchOffsetPage(query, limit, offset)),
      );
    },
  });
}
