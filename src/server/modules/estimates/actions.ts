import { eq, sql } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import { todayIso } from "@domain/dates";
import { estimateActionRefusal, portalAcceptRefusal, type EstimateDetail } from "@domain/estimates";
import { formatDate, formatEuro } from "@domain/format";
import { notificationKinds } from "@domain/notifications";
import type { Config } from "../../config";
import type { Db, Tx } from "../../db/client";
import { estimates } from "../../db/schema";
import { storeDocument } from "../../documents/store";
import { conflict, notFound, staleVersion } from "../../http/errors";
import { queueMail, sendMail, type MailResult } from "../../mail";
import { recordActivity } from "../activity/record";
import { createContractForEstimate } from "../contracts/create-contract";
import { storeSignedContractPdf } from "../contracts/service";
import { notify } from "../notifications/notify";
import { getSettings } from "../settings/queries";
import { renderEstimatePdf } from "./pdf";
import { getEstimateDetail, findEstimate } from "./queries";
import { ESTIMATE_NOT_FOUND, lockEstimate } from "./service";
import type { AcceptedSnapshot } from "./snapshot";

type Deps = { db: Db; config: Config };

export const ACCEPT_VERSION_MISSING = "Manca la versione del preventivo visualizzata: ricarica la pagina e riprova.";
export const ACCEPT_VERSION_STALE =
  "Il preventivo è stato modificato dopo che lo hai aperto: ricarica la pagina e controlla la versione aggiornata prima di accettarla.";

async function detailOrNotFound(db: Db, id: string, scope: string | null) {
  const detail = await getEstimateDetail(db, id, scope);
  if (!detail) throw notFound(ESTIMATE_NOT_FOUND);
  return detail as EstimateDetail;
}

function sendMessage(detail: EstimateDetail, companyName: string, link: string) {
  return [
    `Gentile ${detail.client.name},`,
    "",
    `in allegato trova il preventivo ${detail.number} "${detail.title}" per un totale di ${formatEuro(detail.grossTotal)} (IVA inclusa), valido fino al ${formatDate(detail.expiresAt)}.`,
    "",
    `Può consultarlo, accettarlo o chiedere modifiche dal portale clienti: ${link}`,
    "",
    "Restiamo a disposizione per qualsiasi chiarimento.",
    "",
    "Cordiali saluti,",
    companyName,
  ].join("\n");
}

/** The estimate's PDF as sent or accepted: stored, and served byte for byte from then on. */
const storeEstimatePdf = (tx: Tx, id: string, doc: { pdf: Buffer; fileName: string }) =>
  storeDocument(tx, {
    ownerType: "estimate",
    ownerId: id,
    kind: "pdf",
    fileName: doc.fileName,
    contentType: "application/pdf",
    bytes: doc.pdf,
  });

/**
 * "Invia": bozza (or inviato, to deliver it again) → inviato, and the client gets the PDF with a
 * portal link. Without SMTP the mail is stored in the outbox in the same transaction; with SMTP
 * it leaves after the commit, and a refused delivery is recorded in the outbox, not undone.
 */
export async function sendEstimate({ db, config }: Deps, actor: Actor, id: string, version?: number) {
  const before = await detailOrNotFound(db, id, null);
  const refusal = estimateActionRefusal(before.status, "send");
  if (refusal) throw conflict(refusal);
  if (version !== undefined && version !== before.version) throw staleVersion();
  if (!before.client.email) {
    throw conflict(
      "Il cliente non ha un indirizzo e-mail: aggiungilo nella sua scheda prima di inviare il preventivo",
      { email: "E-mail del cliente mancante" },
    );
  }
  const settings = await getSettings(db);
  // Rendered before the transaction (PGlite has one connection); the version check below
  // guarantees the PDF shows exactly what is being sent.
  const { pdf, fileName } = await renderEstimatePdf(db, config, before, null);
  const message = {
    to: before.client.email,
    subject: `Preventivo ${before.number} - ${before.title}`,
    text: sendMessage(before, settings.companyName, `${config.publicUrl}/client/estimates/${id}`),
    attachments: [{ fileName, mimeType: "application/pdf", content: pdf }],
  };
  let mail: MailResult | null = null;
  await db.transaction(async (tx) => {
    const current = await lockEstimate(tx, id);
    if (current.version !== before.version) throw staleVersion();
    await tx
      .update(estimates)
      .set({ status: "inviato", sentAt: sql`now()`, updatedAt: sql`now()`, version: sql`${estimates.version} + 1` })
      .where(eq(estimates.id, id));
    // The bytes the client receives are the estimate's PDF from now on (issue 26): served as
    // stored, never rendered again, until an edit turns it back into a draft.
    await storeEstimatePdf(tx, id, { pdf, fileName });
    await recordActivity(tx, actor, {
      action: "send",
      entityType: "estimate",
      entityId: id,
      clientId: current.clientId,
      description: `Preventivo ${current.number} ${current.status === "inviato" ? "inviato di nuovo" : "inviato"} a ${before.client.email}`,
    });
    // The client's portal bell (docs/domain/portal.md); the e-mail with the PDF is the message above.
    await notify(tx, {
      audience: "client",
      clientId: current.clientId,
      kind: "estimate_sent",
      title: `Nuovo preventivo ${current.number}`,
      body: `${before.title} · ${formatEuro(before.grossTotal)} IVA inclusa, valido fino al ${formatDate(before.expiresAt)}`,
      link: `/client/estimates/${id}`,
      entityType: "estimate",
      entityId: id,
    });
    if (!config.smtpUrl) mail = await sendMail(tx, message, config);
  });
  mail ??= await sendMail(db, message, config);
  const estimate = (await findEstimate(db, id))!;
  return { ...estimate, mailStatus: (mail as MailResult).status };
}

/**
 * Acceptance, by the client in the portal (portal = their client and address) or recorded by the
 * admin on their behalf (portal = null). In one transaction: the signatory, time and IP, the frozen
 * version, the contract (bozza), the activity and the admin's notification.
 */
export async function acceptEstimate(
  db: Db,
  actor: Actor,
  id: string,
  signedBy: string,
  version: number | undefined,
  portal: { clientId: string; ip: string } | null,
  config?: Pick<Config, "dataDir">,
) {
  const scope = portal?.clientId ?? null;
  return db.transaction(async (tx) => {
    const current = await lockEstimate(tx, id, scope);
    // A draft does not exist for the client (docs/domain/portal.md).
    if (scope && current.status === "bozza") throw notFound(ESTIMATE_NOT_FOUND);
    const refusal = scope ? portalAcceptRefusal(current, todayIso()) : estimateActionRefusal(current.status, "accept");
    if (refusal) throw conflict(refusal);
    // The acceptance binds to the version the signatory saw (docs/domain/portal.md): a missing or stale
    // version accepts nothing, so nobody agrees to figures they were never shown.
    if (version === undefined) throw conflict(ACCEPT_VERSION_MISSING, { version: "Versione mancante" });
    if (version !== current.version) throw conflict(ACCEPT_VERSION_STALE, { version: "Versione non aggiornata" });
    const detail = (await getEstimateDetail(tx, id, null))!;
    if (!detail.vat) {
      // The client record changed since the estimate was written (e.g. partita IVA removed under a reverse charge).
      throw conflict(
        "L'IVA del preventivo non è più valida per i dati attuali del cliente: correggi il preventivo prima di accettarlo",
      );
    }
    const acceptedAt = new Date().toISOString();
    const channel = scope ? "portale" : "amministrazione";
    const acceptedIp = portal?.ip ?? null;
    const snapshot: AcceptedSnapshot = {
      number: detail.number,
      title: detail.title,
      description: detail.description,
      clientId: detail.clientId,
      clientName: detail.clientName,
      validityDays: detail.validityDays,
      expiresAt: detail.expiresAt,
      treatment: detail.treatment,
      vat: detail.vat,
      items: detail.items.map((i) => ({
        serviceId: i.serviceId,
        description: i.description,
        quantity: i.quantity,
        unit: i.unit,
        unitPrice: i.unitPrice,
        totalPrice: i.totalPrice,
        notes: i.notes,
        vatRate: i.vatRate,
        natura: i.natura,
        significantGood: i.significantGood,
      })),
      order: detail.order
        ? { number: detail.order.number, title: detail.order.title, totalAmount: detail.order.totalAmount }
        : null,
      totals: {
        totalAmount: detail.totalAmount,
        materialsCost: detail.materialsCost,
        laborCost: detail.laborCost,
        vatAmount: detail.vatAmount,
        grossTotal: detail.grossTotal,
      },
      acceptedAt,
      acceptedBy: signedBy,
      acceptedIp,
      channel,
    };
    await tx
      .update(estimates)
      .set({
        status: "accettato",
        acceptedAt,
        acceptedBy: signedBy,
        acceptedIp,
        acceptedSnapshot: snapshot,
        updatedAt: sql`now()`,
        version: sql`${estimates.version} + 1`,
      })
      .where(eq(estimates.id, id));
    await recordActivity(tx, actor, {
      action: "accept",
      entityType: "estimate",
      entityId: id,
      clientId: current.clientId,
      description: scope
        ? `Preventivo ${current.number} accettato dal cliente (${signedBy})`
        : `Accettazione del preventivo ${current.number} registrata per conto del cliente (${signedBy})`,
    });
    if (config) {
      // The accepted estimate is a document (docs/domain/invoices.md): rendered from its snapshot now, once, and stored.
      const accepted = (await getEstimateDetail(tx, id, null))! as EstimateDetail;
      const { pdf, fileName } = await renderEstimatePdf(tx, config, accepted, snapshot);
      await storeEstimatePdf(tx, id, { pdf, fileName });
    }
    // Accepted in the portal with his name, the client has signed: the contract is born firmato
    // with that date and signatory (docs/domain/portal.md); the office may still upload a paper copy.
    const contract = await createContractForEstimate(
      tx,
      actor,
      id,
      scope ? { date: todayIso(), by: signedBy } : undefined,
    );
    if (scope && config) await storeSignedContractPdf(tx, config, contract.id);
    if (scope) {
      await notify(tx, {
        kind: notificationKinds.estimateAccepted,
        title: `Preventivo ${current.number} accettato`,
        body: `${detail.clientName} ha accettato il preventivo "${current.title}" (${signedBy}). Creato il contratto ${contract.number}.`,
        link: `/admin/quotes/${id}`,
        entityType: "estimate",
        entityId: id,
      });
    }
    const estimate = (await findEstimate(tx, id))!;
    return { ...estimate, contract: { id: contract.id, number: contract.number } };
  });
}

/** The admin records the client's refusal: inviato → rifiutato. */
export async function rejectEstimate(db: Db, actor: Actor, id: string, version?: number) {
  return db.transaction(async (tx) => {
    const current = await lockEstimate(tx, id);
    if (version !== undefined && version !== current.version) throw staleVersion();
    const refusal = estimateActionRefusal(current.status, "reject");
    if (refusal) throw conflict(refusal);
    await tx
      .update(estimates)
      .set({
        status: "rifiutato",
        rejectedAt: sql`now()`,
        updatedAt: sql`now()`,
        version: sql`${estimates.version} + 1`,
      })
      .where(eq(estimates.id, id));
    await recordActivity(tx, actor, {
      action: "reject",
      entityType: "estimate",
      entityId: id,
      clientId: current.clientId,
      description: `Preventivo ${current.number} rifiutato dal cliente`,
    });
    return (await findEstimate(tx, id))!;
  });
}

/**
 * "Richiedi Modifiche" from the portal: the message reaches the admin as a notification, in
 * the estimate's timeline, and by e-mail to the company address when the settings have one.
 */
export async function requestEstimateChanges(
  { db, config }: Deps,
  actor: Actor,
  id: string,
  message: string,
  scope: string | null,
) {
  await db.transaction(async (tx) => {
    const current = await lockEstimate(tx, id, scope);
    if (scope && current.status === "bozza") throw notFound(ESTIMATE_NOT_FOUND);
    const refusal = estimateActionRefusal(current.status, "requestChanges");
    if (refusal) throw conflict(refusal);
    const detail = (await getEstimateDetail(tx, id, null))!;
    await recordActivity(tx, actor, {
      action: "request",
      entityType: "estimate",
      entityId: id,
      clientId: current.clientId,
      description: `Richiesta di modifiche al preventivo ${current.number}: ${message.slice(0, 300)}`,
    });
    await notify(tx, {
      kind: notificationKinds.estimateChangesRequested,
      title: `Richiesta modifiche al preventivo ${current.number}`,
      body: `${detail.clientName}: ${message.slice(0, 500)}`,
      link: `/admin/quotes/${id}`,
      entityType: "estimate",
      entityId: id,
    });
    // The office's e-mail, queued with the request and delivered by the outbox worker.
    const settings = await getSettings(tx);
    if (settings.email) {
      const text = [
        `Il cliente ${detail.clientName} chiede modifiche al preventivo ${current.number} "${current.title}".`,
        "",
        "Messaggio:",
        message,
        "",
        `Apri il preventivo: ${config.publicUrl}/admin/quotes/${id}`,
      ].join("\n");
      await queueMail(tx, { to: settings.email, subject: `Richiesta modifiche al preventivo ${current.number}`, text }, config);
    }
  });
}
