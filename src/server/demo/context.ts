import type { Db } from "../db/client";
import type { Random } from "./random";

export interface DemoContext {
  db: Db;
  random: Random;
  /** --scale N: multiplies every count. */
  scale: number;
  today: string;
  /** Ids created by earlier seeders, for later ones to refer to. */
  ids: Record<string, string[]>;
}

/** Inserts in batches: one statement per thousand rows, not one per row. */
export async function insertBatched<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>, size = 1000) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}
