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

export { insertBatched } from "../db/batch";
