import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { documentCounters } from "../db/schema";

export type DocumentPrefix = "PRV" | "CTR" | "ORD" | "FAT";

/** PRV-2026-001: three digits, more when the year needs them (docs/domain/numbering.md). */
export const formatDocumentNumber = (prefix: DocumentPrefix, year: number, sequence: number) =>
  `${prefix}-${year}-${String(sequence).padStart(3, "0")}`;

/**
 * Takes the next number inside the caller's transaction. The counter row stays locked until
 * the document is committed, so concurrent creations queue instead of colliding, and a rolled
 * back creation gives its number back: no duplicates, no gaps.
 */
export async function nextDocumentNumber(tx: Tx, prefix: DocumentPrefix, year: number) {
  const [row] = await tx
    .insert(documentCounters)
    .values({ kind: prefix, year, lastValue: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.kind, documentCounters.year],
      set: { lastValue: sql`${documentCounters.lastValue} + 1` },
    })
    .returning({ value: documentCounters.lastValue });
  const sequence = row!.value;
  return { number: formatDocumentNumber(prefix, year, sequence), year, sequence };
}
