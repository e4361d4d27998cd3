/** Inserts in batches: one statement per thousand rows, not one per row (imports and demo data). */
export async function insertBatched<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>, size = 1000) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}
