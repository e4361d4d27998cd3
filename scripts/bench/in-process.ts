import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import type { Database } from "../../src/server/db/client";
import { DEMO_LOGINS } from "../../src/server/demo/run";

/**
 * The app on a loaded data set, answering in-process (app.inject), and the administrator's
 * session cookie: what the scripts that look at one call from inside start from.
 */
export async function appAsAdmin(database: Database) {
  const app = await buildApp({
    db: database.db,
    database,
    config: loadConfig({ ...process.env, NODE_ENV: "production", LOG_LEVEL: "silent" }),
    setup: { token: null },
  });
  // An earlier run's failed attempts must not throttle this login.
  await database.db.execute("delete from login_attempts");
  const login = await app.inject({ method: "POST", url: "/api/auth/login", payload: DEMO_LOGINS.admin });
  if (login.statusCode !== 200) throw new Error(`login answered ${login.statusCode}`);
  return { app, cookie: String(login.headers["set-cookie"]).split(";")[0]! };
}
