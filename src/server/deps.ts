import type { Config } from "./config";
import type { Database, Db } from "./db/client";

/** What every module's routes receive: no module reaches for globals. */
export interface AppDeps {
  db: Db;
  database: Database;
  config: Config;
  /** The one-time setup token of an empty installation; cleared once used. */
  setup: { token: string | null };
}
