import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import { MAX_NOTES, noteLine, displayName } from "@domain/team";
import type { Db, Queryable } from "../../db/client";
import { constructionSites, estimates, surveys, users } from "../../db/schema";
import { badRequest, conflict, notFound, staleVersion } from "../../http/errors";
import { recordActivity } from "../activity/record";

const SURVEY_NOT_FOUND = "Sopralluogo non trovato";
const SITE_NOT_FOUND = "Cantiere non trovato";
const NOTES_FULL = `Nota: le note hanno raggiunto il massimo di ${MAX_NOTES} caratteri`;

async function authorName(db: Queryable, actor: Actor) {
  const [row] = await db.select({ name: users.name, username: users.username }).from(users).where(eq(users.id, actor.userId));
  return row ? displayName(row) : actor.username;
}

/**
 * Appends a dated, signed line to the notes in ONE statement: the row lock serialises two
 * technicians writing at once and each UPDATE re-reads the notes it extends, so no line is
 * lost (an edit-and-save of the whole text could drop one). The version goes up, so an office
 * form opened before the note answers 409 instead of overwriting it.
 */
function appendSql(column: typeof surveys.notes | typeof constructionSites.notes, line: string) {
  return sql`case when coalesce(${column}, '') = '' then ${line}::text else ${column} || ${"\n"}::text || ${line}::text end`;
}
function fitsSql(column: typeof surveys.notes | typeof constructionSites.notes, line: string) {
  return sql`coalesce(length(${column}), 0) + length(${line}::text) + 1 <= ${MAX_NOTES}`;
}

export async function appendSurveyNote(db: Db, actor: Actor, id: string, text: string) {
  const line = noteLine(text, await authorName(db, actor));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(surveys)
      .set({ notes: appendSql(surveys.notes, line), updatedAt: sql`now()`, version: sql`${surveys.version} + 1` })
      .where(and(eq(surveys.id, id), fitsSql(surveys.notes, line)))
      .returning({ id: surveys.id, notes: surveys.notes, version: surveys.version, clientId: surveys.clientId });
    if (!row) {
      const [exists] = await tx.select({ id: surveys.id }).from(surveys).where(eq(surveys.id, id));
      if (!exists) throw notFound(SURVEY_NOT_FOUND);
      throw badRequest(NOTES_FULL, { text: NOTES_FULL });
    }
    await recordActivity(tx, actor, {
      action: "update",
      entityType: "survey",
      entityId: id,
      clientId: row.clientId,
      description: "Nota aggiunta al sopralluogo",
    });
    return { id: row.id, notes: row.notes, version: row.version };
  });
}

export async function appendSiteNote(db: Db, actor: Actor, id: string, text: string) {
  const line = noteLine(text, await authorName(db, actor));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(constructionSites)
      .set({
        notes: appendSql(constructionSites.notes, line),
        updatedAt: sql`now()`,
        version: sql`${constructionSites.version} + 1`,
      })
      .where(and(eq(constructionSites.id, id), fitsSql(constructionSites.notes, line)))
      .returning({ id: constructionSites.id, notes: constructionSites.notes, version: constructionSites.version, name: constructionSites.name, estimateId: constructionSites.estimateId });
    if (!row) {
      const [exists] = await tx.select({ id: constructionSites.id }).from(constructionSites).where(eq(constructionSites.id, id));
      if (!exists) throw notFound(SITE_NOT_FOUND);
      throw badRequest(NOTES_FULL, { text: NOTES_FULL });
    }
    await recordActivity(tx, actor, {
      action: "update",
      entityType: "site",
      entityId: id,
      clientId: await siteClient(tx, row.estimateId),
      description: `Nota aggiunta al cantiere ${row.name}`,
    });
    return { id: row.id, notes: row.notes, version: row.version };
  });
}

async function siteClient(tx: Queryable, estimateId: string) {
  const [owner] = await tx.select({ clientId: estimates.clientId }).from(estimates).where(eq(estimates.id, estimateId));
  return owner?.clientId ?? null;
}


/** A scheduled survey marked done from the field (programmato → completato only). */
export async function completeSurvey(db: Db, actor: Actor, id: string, version: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(surveys)
      .set({ status: "completato", updatedAt: sql`now()`, version: sql`${surveys.version} + 1` })
      .where(and(eq(surveys.id, id), eq(surveys.version, version), eq(surveys.status, "programmato")))
      .returning({ id: surveys.id, notes: surveys.notes, version: surveys.version, status: surveys.status, clientId: surveys.clientId });
    if (!row) {
      const [current] = await tx.select({ status: surveys.status }).from(surveys).where(eq(surveys.id, id));
      if (!current) throw notFound(SURVEY_NOT_FOUND);
      if (current.status !== "programmato") {
        throw conflict("Solo un sopralluogo programmato può essere segnato come completato", { status: "Stato non valido" });
      }
      throw staleVersion();
    }
    await recordActivity(tx, actor, {
      action: "status",
      entityType: "survey",
      entityId: id,
      clientId: row.clientId,
      description: "Sopralluogo completato",
    });
    const { clientId: _client, ...result } = row;
    return result;
  });
}
