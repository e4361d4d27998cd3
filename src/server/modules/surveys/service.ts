import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import { formatDate } from "@domain/format";
import {
  mayChangeSurveyOfficeFields,
  surveyOfficeOnlyChange,
  surveyOfficeOnlyMessages,
  type SurveyValues,
} from "@domain/surveys";
import type { Db, Queryable } from "../../db/client";
import { clients, contacts, surveys } from "../../db/schema";
import { badRequest, forbidden, notFound, staleVersion } from "../../http/errors";
import type { FileStorage } from "../../storage";
import { recordActivity } from "../activity/record";
import { detachAll } from "../attachments/service";
import { checkAssignee } from "../team/queries";
import { findSurvey } from "./queries";
import type { Config } from "../../config";
import { notifyClient } from "../notifications/notify-client";

const NOT_FOUND = "Sopralluogo non trovato";

/** The client must exist and the contact, when given, must be one of that client's. */
async function checkReferences(tx: Queryable, values: Pick<SurveyValues, "clientId" | "contactId">) {
  const [client] = await tx.select({ name: clients.name }).from(clients).where(eq(clients.id, values.clientId));
  if (!client) throw badRequest("Dati non validi. Cliente non trovato", { clientId: "Cliente non trovato" });
  if (values.contactId) {
    const [contact] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.id, values.contactId), eq(contacts.clientId, values.clientId)));
    if (!contact) {
      throw badRequest("Dati non validi. Il contatto non appartiene al cliente scelto", {
        contactId: "Il contatto non appartiene al cliente scelto",
      });
    }
  }
  return client.name;
}

export async function createSurvey(db: Db, actor: Actor, values: SurveyValues) {
  return db.transaction(async (tx) => {
    const clientName = await checkReferences(tx, values);
    await checkAssignee(tx, values.assignedUserId);
    const [row] = await tx.insert(surveys).values(values).returning({ id: surveys.id });
    await recordActivity(tx, actor, {
      action: actor.role === "client" ? "request" : "create",
      entityType: "survey",
      entityId: row!.id,
      clientId: values.clientId,
      description:
        actor.role === "client"
          ? `Richiesta di sopralluogo da ${clientName} per il ${formatDate(values.date)}`
          : `Nuovo sopralluogo per ${clientName} il ${formatDate(values.date)}`,
    });
    return (await findSurvey(tx, row!.id))!;
  });
}

/**
 * Whose survey it is and who goes there are the office's decisions (issue 26): a technician
 * updates what he found, not the client or the assignee.
 */
function officeOnlyChanges(
  actor: Actor,
  before: { clientId: string; assignedUserId: string | null },
  after: Pick<SurveyValues, "clientId" | "assignedUserId">,
) {
  if (mayChangeSurveyOfficeFields(actor.role)) return;
  const field = surveyOfficeOnlyChange(before, after);
  if (field) throw forbidden(surveyOfficeOnlyMessages[field]);
}

export async function updateSurvey(
  db: Db,
  actor: Actor,
  id: string,
  values: SurveyValues & { version: number },
  config: Config | null = null,
) {
  return db.transaction(async (tx) => {
    const { version, ...fields } = values;
    const [before] = await tx
      .select({
        date: surveys.date,
        time: surveys.time,
        status: surveys.status,
        assignedUserId: surveys.assignedUserId,
        clientId: surveys.clientId,
        portalRequest: surveys.portalRequest,
      })
      .from(surveys)
      .where(eq(surveys.id, id))
      .for("update");
    if (!before) throw notFound(NOT_FOUND);
    officeOnlyChanges(actor, before, fields);
    const clientName = await checkReferences(tx, fields);
    await checkAssignee(tx, fields.assignedUserId, before.assignedUserId);
    const [row] = await tx
      .update(surveys)
      .set({ ...fields, updatedAt: sql`now()`, version: sql`${surveys.version} + 1` })
      .where(and(eq(surveys.id, id), eq(surveys.version, version)))
      .returning({ id: surveys.id });
    if (!row) throw staleVersion();
    const moved = before.date !== fields.date || (before.time ?? null) !== fields.time;
    const description =
      before.status !== fields.status
        ? `Sopralluogo di ${clientName}: stato ${fields.status}`
        : moved
          ? `Sopralluogo di ${clientName} spostato al ${formatDate(fields.date)}${fields.time ? ` alle ${fields.time}` : ""}`
          : `Sopralluogo di ${clientName} aggiornato`;
    await recordActivity(tx, actor, {
      action: before.status !== fields.status ? "status" : "update",
      entityType: "survey",
      entityId: id,
      clientId: fields.clientId,
      description,
    });
    if (config && before.portalRequest) await tellRequester(tx, config, id, before, fields);
    return (await findSurvey(tx, id))!;
  });
}

/**
 * A survey the client asked for in the portal: the client is told when the office fixes the
 * appointment (a time is set, or the date or time change) and when it is cancelled
 * (docs/domain/portal.md: "his survey request is scheduled").
 */
async function tellRequester(
  tx: Queryable,
  config: Config,
  id: string,
  before: { date: string; time: string | null; status: string },
  after: SurveyValues,
) {
  const link = "/client/richieste";
  if (after.status === "annullato" && before.status !== "annullato") {
    await notifyClient(tx, config, {
      clientId: after.clientId,
      kind: "survey_cancelled",
      title: `Sopralluogo del ${formatDate(after.date)} annullato`,
      body: "Ci contatti per fissare un'altra data.",
      link,
      entityType: "survey",
      entityId: id,
      mail: {
        subject: `Sopralluogo del ${formatDate(after.date)} annullato`,
        lines: [`il sopralluogo del ${formatDate(after.date)} in ${after.address} è stato annullato.`, "Ci contatti per fissare un'altra data."],
      },
    });
    return;
  }
  const scheduled =
    after.status === "programmato" &&
    after.time !== null &&
    (before.date !== after.date || (before.time ?? null) !== after.time || before.status !== "programmato");
  if (!scheduled) return;
  const when = `${formatDate(after.date)} alle ${after.time}`;
  await notifyClient(tx, config, {
    clientId: after.clientId,
    kind: "survey_scheduled",
    title: `Sopralluogo fissato: ${when}`,
    body: after.address,
    link,
    entityType: "survey",
    entityId: id,
    mail: {
      subject: `Sopralluogo fissato: ${when}`,
      lines: [`il sopralluogo che ha richiesto è fissato per il ${when} in ${after.address}.`],
    },
  });
}

/** Estimates made from the survey keep existing (their surveyId becomes null); its files go. */
export async function deleteSurvey(db: Db, storage: FileStorage, actor: Actor, id: string) {
  const keys = await db.transaction(async (tx) => {
    const [survey] = await tx
      .select({ clientId: surveys.clientId, date: surveys.date, clientName: clients.name })
      .from(surveys)
      .leftJoin(clients, eq(clients.id, surveys.clientId))
      .where(eq(surveys.id, id))
      .for("update", { of: surveys });
    if (!survey) throw notFound(NOT_FOUND);
    const removed = await detachAll(tx, "survey", id);
    await tx.delete(surveys).where(eq(surveys.id, id));
    await recordActivity(tx, actor, {
      action: "delete",
      entityType: "survey",
      entityId: null,
      clientId: survey.clientId,
      description: `Sopralluogo di ${survey.clientName ?? "cliente"} del ${formatDate(survey.date)} eliminato`,
    });
    return removed;
  });
  // Files go only once the rows are gone for good; a leftover file is harmless, a dangling row is not.
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
}
