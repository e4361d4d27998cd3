import { and, eq, ne } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import { notificationKinds } from "@domain/notifications";
import {
  foldSurveyRequestNotes,
  surveyRequestTimeSlots,
  surveyRequestUrgencies,
  type InformationRequestValues,
  type SurveyRequestValues,
} from "@domain/portal";
import { formatDate } from "@domain/format";
import type { Config } from "../../config";
import type { Db, Queryable } from "../../db/client";
import { clients, constructionSites, contracts, estimates, informationRequests, invoices, surveys } from "../../db/schema";
import { notFound } from "../../http/errors";
import { recordActivity } from "../activity/record";
import { notify } from "../notifications/notify";
import { mailCompany } from "./mail";

async function clientName(db: Queryable, clientId: string) {
  const [row] = await db.select({ name: clients.name }).from(clients).where(eq(clients.id, clientId));
  if (!row) throw notFound("Cliente non trovato");
  return row.name;
}

/**
 * A client's request for a free survey: a survey of their own client, status programmato, on
 * the preferred date, with urgency and time slot folded into the notes (docs/domain/api.md).
 * The company is told in its bell and by e-mail.
 */
export async function createSurveyRequest(db: Db, config: Config, actor: Actor, clientId: string, values: SurveyRequestValues) {
  return db.transaction(async (tx) => {
    const name = await clientName(tx, clientId);
    const [survey] = await tx
      .insert(surveys)
      .values({
        clientId,
        date: values.preferredDate,
        address: values.address,
        description: values.description,
        notes: foldSurveyRequestNotes(values.notes, values.urgency, values.preferredTimeSlot),
        status: "programmato",
        urgencyLevel: values.urgency,
        portalRequest: true,
      })
      .returning();
    await recordActivity(tx, actor, {
      action: "request",
      entityType: "survey",
      entityId: survey!.id,
      clientId,
      description: `Richiesta di sopralluogo da ${name} per il ${formatDate(values.preferredDate)}`,
    });
    await notify(tx, {
      kind: notificationKinds.surveyRequest,
      title: "Nuova richiesta di sopralluogo",
      body: `${name} · ${values.address} · ${formatDate(values.preferredDate)} (${surveyRequestTimeSlots.label(values.preferredTimeSlot)}) · Urgenza ${surveyRequestUrgencies.label(values.urgency)}`,
      link: `/admin/surveys/${survey!.id}`,
      entityType: "survey",
      entityId: survey!.id,
    });
    await mailCompany(tx, config, `Richiesta di sopralluogo da ${name}`, [
      `${name} ha richiesto un sopralluogo dal portale clienti.`,
      "",
      `Indirizzo: ${values.address}`,
      `Data preferita: ${formatDate(values.preferredDate)}`,
      `Fascia oraria preferita: ${surveyRequestTimeSlots.label(values.preferredTimeSlot)}`,
      `Urgenza: ${surveyRequestUrgencies.label(values.urgency)}`,
      "",
      "Descrizione del problema:",
      values.description,
      ...(values.notes ? ["", "Note aggiuntive:", values.notes] : []),
      "",
      `Apri il sopralluogo: ${config.publicUrl}/admin/surveys/${survey!.id}`,
    ]);
    return survey!;
  });
}

const entityLabels = { site: "cantiere", estimate: "preventivo", invoice: "fattura" } as const;

/** The record the question is about, checked against the user's client: never another's. */
async function referencedRecord(db: Queryable, clientId: string, type: keyof typeof entityLabels, id: string) {
  if (type === "estimate") {
    const [r] = await db
      .select({ label: estimates.number })
      .from(estimates)
      .where(and(eq(estimates.id, id), eq(estimates.clientId, clientId), ne(estimates.status, "bozza")));
    return r?.label ?? null;
  }
  if (type === "site") {
    const [r] = await db
      .select({ label: constructionSites.name })
      .from(constructionSites)
      .innerJoin(estimates, eq(estimates.id, constructionSites.estimateId))
      .where(and(eq(constructionSites.id, id), eq(estimates.clientId, clientId)));
    return r?.label ?? null;
  }
  const [r] = await db
    .select({ label: invoices.number })
    .from(invoices)
    .innerJoin(contracts, eq(contracts.id, invoices.contractId))
    .innerJoin(estimates, eq(estimates.id, contracts.estimateId))
    .where(and(eq(invoices.id, id), eq(estimates.clientId, clientId), ne(invoices.status, "bozza")));
  return r?.label ?? null;
}

/** "Richiedi Informazioni": a question to the company, optionally about one of the client's records. */
export async function sendInformationRequest(db: Db, config: Config, actor: Actor, clientId: string, values: InformationRequestValues) {
  return db.transaction(async (tx) => {
    const name = await clientName(tx, clientId);
    let about: { type: keyof typeof entityLabels; id: string; label: string } | null = null;
    if (values.entityType && values.entityId) {
      const label = await referencedRecord(tx, clientId, values.entityType, values.entityId);
      // Another client's id answers exactly like a missing one.
      if (!label) throw notFound("Documento non trovato");
      about = { type: values.entityType, id: values.entityId, label };
    }
    const aboutText = about ? ` (${entityLabels[about.type]} ${about.label})` : "";
    // Kept, so the office can answer it and the client can read the answer (docs/domain/portal.md).
    const [stored] = await tx
      .insert(informationRequests)
      .values({
        clientId,
        subject: values.subject,
        message: values.message,
        entityType: about?.type ?? null,
        entityId: about?.id ?? null,
        entityLabel: about?.label ?? null,
      })
      .returning({ id: informationRequests.id });
    await recordActivity(tx, actor, {
      action: "request",
      entityType: about?.type ?? "client",
      entityId: about?.id ?? clientId,
      clientId,
      description: `Richiesta di informazioni da ${name}${aboutText}: ${values.subject}`,
    });
    // The office answers from the notification: it opens the request with its reply form.
    await notify(tx, {
      kind: notificationKinds.informationRequest,
      title: `Richiesta di informazioni da ${name}`,
      body: `${values.subject}${aboutText}: ${values.message}`.slice(0, 500),
      link: `/admin/information-requests/${stored!.id}`,
      entityType: "information_request",
      entityId: stored!.id,
    });
    await mailCompany(tx, config, `Richiesta di informazioni da ${name}: ${values.subject}`, [
      `${name} ha inviato una richiesta di informazioni dal portale clienti.`,
      ...(about ? [`Riferimento: ${entityLabels[about.type]} ${about.label}`] : []),
      "",
      `Oggetto: ${values.subject}`,
      "",
      values.message,
      "",
      `Rispondi dal gestionale: ${config.publicUrl}/admin/information-requests/${stored!.id}`,
    ]);
    return { id: stored!.id };
  });
}
