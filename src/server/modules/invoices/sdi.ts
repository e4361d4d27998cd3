import { eq, sql } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import { todayIso } from "@domain/dates";
import { formatDate } from "@domain/format";
import { invoiceTitle } from "@domain/invoices";
import { MAX_TRANSMISSIONS, sdiEventLabels, type SdiOutcome } from "@domain/payments";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { invoices, invoiceSdiEvents } from "../../db/schema";
import { badRequest, conflict } from "../../http/errors";
import { recordActivity } from "../activity/record";
import { recordTransmission, storeInvoicePdf, storeInvoiceXml } from "./documents";
import { findInvoiceDocument } from "./queries";
import { lockInvoice } from "./service";
import { isInvoiceSnapshot, takeInvoiceSnapshot } from "./snapshot";

// What the SdI answered (docs/domain/invoices.md): consegnata and mancata consegna are
// final for the transmission (the invoice is issued); scartata means the file was refused and
// the invoice is corrected and re-issued under the same number and date with a new
// ProgressivoInvio, hence a new file name. Every transmission and outcome stays in the history.

export async function recordSdiOutcome(
  db: Db,
  actor: Actor,
  id: string,
  input: { outcome: SdiOutcome; code: string | null; message: string | null; date: string },
) {
  await db.transaction(async (tx) => {
    const { invoice, clientId } = await lockInvoice(tx, id);
    if (invoice.status === "bozza") throw conflict("La fattura è in bozza: non è stata trasmessa allo SdI");
    if (invoice.sdiStatus === "consegnata")
      throw conflict(`${invoiceTitle(invoice)} risulta già consegnata: l'esito è definitivo`);
    if (invoice.sdiStatus === "scartata")
      throw conflict(
        `${invoiceTitle(invoice)} è stata scartata: correggila e riemettila prima di registrare un nuovo esito`,
      );
    if (input.date > todayIso())
      throw badRequest("Dati non validi. Data dell'esito: non può essere nel futuro", {
        date: "Non può essere nel futuro",
      });
    if (input.date < invoice.issueDate)
      throw badRequest("Dati non validi. Data dell'esito: non può precedere l'emissione", {
        date: "Precede l'emissione",
      });
    await tx.insert(invoiceSdiEvents).values({
      invoiceId: id,
      event: input.outcome,
      transmission: invoice.transmission,
      code: input.code,
      message: input.message,
      date: input.date,
    });
    await tx
      .update(invoices)
      .set({ sdiStatus: input.outcome, updatedAt: sql`now()`, version: sql`${invoices.version} + 1` })
      .where(eq(invoices.id, id));
    const detail = [input.code, input.message].filter(Boolean).join(" ");
    await recordActivity(tx, actor, {
      action: "status",
      entityType: "invoice",
      entityId: id,
      clientId,
      description: `Esito SdI: ${invoiceTitle(invoice)} ${sdiEventLabels[input.outcome].toLowerCase()} il ${formatDate(input.date)}${detail ? ` (${detail})` : ""}`,
    });
  });
}

/**
 * Re-issues a rejected invoice: same number, date and amounts; seller and buyer taken again
 * from today's settings and client record (where the usual causes of a rejection are fixed);
 * a new ProgressivoInvio; the new PDF and FatturaPA validated and stored beside the old ones.
 */
export async function reissueInvoice(db: Db, config: Pick<Config, "dataDir">, actor: Actor, id: string) {
  return db.transaction(async (tx) => {
    const { invoice, clientId } = await lockInvoice(tx, id);
    if (invoice.sdiStatus !== "scartata")
      throw conflict(`${invoiceTitle(invoice)} non è stata scartata dallo SdI: si riemette solo una fattura scartata`);
    const transmission = invoice.transmission + 1;
    if (transmission > MAX_TRANSMISSIONS)
      throw conflict(
        `${invoiceTitle(invoice)} è già stata trasmessa ${MAX_TRANSMISSIONS} volte: contatta l'assistenza`,
      );
    const doc = (await findInvoiceDocument(tx, id, null))!;
    const fresh = await takeInvoiceSnapshot(tx, doc);
    const previous = isInvoiceSnapshot(invoice.snapshot) ? invoice.snapshot : fresh;
    const snapshot = {
      ...previous,
      frozenAt: fresh.frozenAt,
      seller: fresh.seller,
      buyer: fresh.buyer,
      payment: { ...previous.payment, iban: fresh.seller.iban },
      transmission,
    };
    const xmlSha256 = await storeInvoiceXml(tx, id, snapshot);
    const pdfSha256 = await storeInvoicePdf(tx, config, id, snapshot);
    const [row] = await tx
      .update(invoices)
      .set({
        snapshot,
        xmlSha256,
        pdfSha256,
        transmission,
        sdiStatus: null,
        sentAt: new Date().toISOString(),
        updatedAt: sql`now()`,
        version: sql`${invoices.version} + 1`,
      })
      .where(eq(invoices.id, id))
      .returning();
    const fileName = await recordTransmission(tx, id, snapshot, todayIso());
    await recordActivity(tx, actor, {
      action: "send",
      entityType: "invoice",
      entityId: id,
      clientId,
      description: `${invoiceTitle(invoice)} corretta e riemessa dopo lo scarto: nuovo file ${fileName}`,
    });
    return row!;
  });
}
