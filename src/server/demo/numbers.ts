import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { documentCounters } from "../db/schema";
import { formatDocumentNumber, type DocumentPrefix } from "../lib/numbering";

/**
 * Numbers demo documents the way the server would have: in date order within each year, after
 * whatever the counters already hold. Returns the last value per year for saveCounters.
 */
export async function assignNumbers<T>(
  db: Db,
  prefix: DocumentPrefix,
  docs: T[],
  dateOf: (doc: T) => string,
  set: (doc: T, number: string, year: number, sequence: number) => void,
) {
  docs.sort((a, b) => dateOf(a).localeCompare(dateOf(b)));
  const existing = await db
    .select({ year: documentCounters.year, last: documentCounters.lastValue })
    .from(documentCounters)
    .where(eq(documentCounters.kind, prefix));
  const lastByYear = new Map(existing.map((r) => [r.year, r.last]));
  for (const doc of docs) {
    const year = Number(dateOf(doc).slice(0, 4));
    const sequence = (lastByYear.get(year) ?? 0) + 1;
    lastByYear.set(year, sequence);
    set(doc, formatDocumentNumber(prefix, year, sequence), year, sequence);
  }
  return lastByYear;
}

/** Counters set once at the end, so the next document created in the app continues the series. */
export async function saveCounters(db: Db, prefix: DocumentPrefix, lastByYear: Map<number, number>) {
  for (const [year, last] of lastByYear) {
    await db
      .insert(documentCounters)
      .values({ kind: prefix, year, lastValue: last })
      .onConflictDoUpdate({
        target: [documentCounters.kind, documentCounters.year],
        set: { lastValue: sql`greatest(${documentCounters.lastValue}, ${last})` },
      });
  }
}
