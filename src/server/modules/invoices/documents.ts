import { eq } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db, Queryable, Tx } from "../../db/client";
import { invoices, invoiceSdiEvents } from "../../db/schema";
import { fatturaFileName, fatturaProgressive } from "@domain/fatturapa";
import { invoiceFatturaPa } from "../../documents/fatturapa/invoice";
import { companyLogo } from "../../documents/pdf";
import { findStoredDocument, storeDocument, type StoredKind } from "../../documents/store";
import type { PdfSource } from "../../http/pdf-answer";
import { getSettings } from "../settings/queries";
import { renderInvoicePdf } from "./pdf";
import { findInvoiceDocument, type InvoiceDocument } from "./queries";
import { isInvoiceSnapshot, takeInvoiceSnapshot, type InvoiceSnapshot } from "./snapshot";

// The PDF and FatturaPA of an invoice (docs/domain/invoices.md): a draft's are views of today's data; an
// issued invoice's are documents, rendered once from its snapshot and stored.

/** The draft's PDF, rendered now from today's data and marked BOZZA. */
export async function draftInvoicePdf(db: Queryable, config: Pick<Config, "dataDir">, doc: InvoiceDocument) {
  const snapshot = await takeInvoiceSnapshot(db, doc);
  const logo = await companyLogo(await getSettings(db), config.dataDir, db);
  return renderInvoicePdf(snapshot, logo, { draft: true });
}

/** Renders the issued PDF from the snapshot and stores it; returns its sha256. */
export async function storeInvoicePdf(
  tx: Tx,
  config: Pick<Config, "dataDir">,
  invoiceId: string,
  snapshot: InvoiceSnapshot,
) {
  // The letterhead logo is the one in force when the invoice is issued, embedded in the bytes.
  const logo = await companyLogo(await getSettings(tx), config.dataDir, tx);
  const { pdf, fileName } = await renderInvoicePdf(snapshot, logo, { draft: false });
  return storeDocument(tx, {
    ownerType: "invoice",
    ownerId: invoiceId,
    kind: "pdf",
    fileName,
    contentType: "application/pdf",
    bytes: pdf,
  });
}

/** Builds, validates (XSD + SdI checks, 409 naming the field otherwise) and stores the FatturaPA; returns its sha256. */
export async function storeInvoiceXml(tx: Tx, invoiceId: string, snapshot: InvoiceSnapshot) {
  const { xml, fileName } = await invoiceFatturaPa(snapshot);
  return storeDocument(tx, {
    ownerType: "invoice",
    ownerId: invoiceId,
    kind: "xml",
    fileName,
    contentType: "application/xml; charset=utf-8",
    bytes: Buffer.from(xml, "utf8"),
  });
}

/**
 * The stored file of an issued invoice. Invoices issued before documents were stored have none:
 * their snapshot and file are taken at the first download, under the invoice's row lock, and
 * from then on they never change either.
 */
export async function issuedInvoiceDocument(
  db: Db,
  config: Pick<Config, "dataDir">,
  invoice: { id: string; pdfSha256: string | null; xmlSha256: string | null },
  kind: StoredKind,
) {
  const sha = kind === "pdf" ? invoice.pdfSha256 : invoice.xmlSha256;
  if (sha) {
    const stored = await findStoredDocument(db, "invoice", invoice.id, kind, sha);
    if (stored) return stored;
  }
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoice.id)).for("update");
    const current = kind === "pdf" ? row!.pdfSha256 : row!.xmlSha256;
    if (current) {
      const stored = await findStoredDocument(tx, "invoice", invoice.id, kind, current);
      if (stored) return stored;
    }
    const snapshot = isInvoiceSnapshot(row!.snapshot)
      ? row!.snapshot
      : await takeInvoiceSnapshot(tx, (await findInvoiceDocument(tx, invoice.id, null))!);
    const sha256 =
      kind === "pdf"
        ? await storeInvoicePdf(tx, config, invoice.id, snapshot)
        : await storeInvoiceXml(tx, invoice.id, snapshot);
    await tx
      .update(invoices)
      .set(kind === "pdf" ? { snapshot, pdfSha256: sha256 } : { snapshot, xmlSha256: sha256 })
      .where(eq(invoices.id, invoice.id));
    return (await findStoredDocument(tx, "invoice", invoice.id, kind, sha256))!;
  });
}

/**
 * The invoice's PDF as downloaded by the office or by the client: an issued invoice answers its
 * stored bytes (ETag, 304); a draft is rendered now, marked BOZZA (the route runs it in the
 * caller's PDF slot).
 */
export async function invoicePdfSource(db: Db, config: Pick<Config, "dataDir">, doc: InvoiceDocument): Promise<PdfSource> {
  if (doc.invoice.status !== "bozza") return { stored: await issuedInvoiceDocument(db, config, doc.invoice, "pdf") };
  return { render: () => draftInvoicePdf(db, config, doc) };
}

/** Records a transmission of the file to the SdI in the invoice's history. */
export async function recordTransmission(tx: Tx, invoiceId: string, snapshot: InvoiceSnapshot, date: string) {
  const { invoice, seller } = snapshot;
  const transmission = snapshot.transmission ?? 1;
  const fileName = fatturaFileName(seller.vatNumber ?? "", fatturaProgressive(invoice.year!, invoice.sequence!, transmission));
  await tx.insert(invoiceSdiEvents).values({ invoiceId, event: "trasmessa", transmission, fileName, date });
  return fileName;
}

