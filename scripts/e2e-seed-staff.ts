// Seeds the office (ufficio) and technician (tecnico) accounts the e2e tests log in with, straight
// into the fresh embedded database before the server starts (playwright.config.ts webServer):
// the e2e roles tests do not depend on the users API. Never used outside the tests.
import { E2E_TECNICO, E2E_UFFICIO } from "../playwright.config";
import { hashPassword } from "../src/server/auth/passwords";
import { openPglite } from "../src/server/db/client";
import { users } from "../src/server/db/schema";

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR is required");
const database = await openPglite(dataDir);
for (const [account, role] of [
  [E2E_UFFICIO, "ufficio"],
  [E2E_TECNICO, "tecnico"],
] as const) {
  await database.db
    .insert(users)
    .values({ username: account.username, passwordHash: await hashPassword(account.password), role })
    .onConflictDoNothing();
}
await database.close();
