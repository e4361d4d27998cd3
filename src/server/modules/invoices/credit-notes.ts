import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { todayIso } from "@domain/dates";
import { fatturaSummaries, type FpLine } from "@domain/fatturapa";
import { formatDate, formatEuro } from "@domain/format";
import { isCreditNote } from "@domain/invoices";
import { addMoney, compareMoney, fromCents, isZeroMoney, subMoney, sumMoney, toCents } from "@domain/money";
import type { Config } from "../../config";
import type { Db, Tx } from "../../db/client";
import { invoices } from "../../db/schema";
import { conflict } from "../../http/errors";
import { nextDocumentNumber } from "../../lib/numbering";
import { recordActivity } from "../activity/record";
import { notify } from "../notifications/notify";
import { recordTransmission, storeInvoicePdf, storeInvoiceXml } from "./documents";
import { findInvoiceDocument } from "./queries";
import { lockInvoice } from "./service";
import { isInvoiceSnapshot, takeInvoiceSnapshot, type InvoiceSnapshot } from "./snapshot";

// Credit notes (TD04, decisions §8 "Credit notes"): a new document in the invoices' yearly
// sequence, issued at once (frozen, PDF and FatturaPA stored and validated like an invoice),
// naming the invoice it corrects. Its row carries negative amounts, so the contract's invoiced
// total, the dashboard and the VAT register count it against the invoices without a special case.

const neg = (money: string) => fromCents(-toCents(money));

/** The frozen snapshot of an issued invoice (invoices issued before snapshots existed get theirs now). */
async function snapshotOf(tx: Tx, invoice: { id: string; snapshot: unknown }): Promise<InvoiceSnapshot> {
  if (isInvoiceSnapshot(invoice.snapshot)) return invoice.snapshot;
  return takeInvoiceSnapshot(tx, (await findInvoiceDocument(tx, invoice.id, null))!);
}

/**
 * Splits `amount` across the original's rates in proportion to their imponibile (largest
 * remainder in cents, so the parts add up exactly): one line per rate or natura. The bollo
 * line (N1) is not the client's work and is credited only by a whole credit note.
 */
export function partialCreditLines(original: InvoiceSnapshot, amount: string, description: string): FpLine[] {
  const groups = original.vatSummary.filter((g) => g.natura !== "N1" && compareMoney(g.imponibile, "0") > 0);
  const base = sumMoney(groups.map((g) => g.imponibile));
  const target = toCents(amount);
  const whole = toCents(base);
  const parts = groups.map((g) => {
    const exact = toCents(g.imponibile) * target;
    return { g, cents: exact / whole, rest: exact % whole };
  });
  let missing = target - parts.reduce((n, p) => n + p.cents, 0n);
  for (const p of [...parts].sort((a, b) => (b.rest > a.rest ? 1 : b.rest < a.rest ? -1 : 0))) {
    if (missing <= 0n) break;
    p.cents += 1n;
    missing -= 1n;
  }
  return parts
    .filter((p) => p.cents > 0n)
    .map((p) => {
      const total = fromCents(p.cents);
      return {
        description,
        quantity: "1.00",
        unitPrice: total,
        total,
        rate: p.g.rate,
        natura: p.g.natura as FpLine["natura"],
      };
    });
}

export async function issueCreditNote(
  db: Db,
  config: Pick<Config, "dataDir">,
  request: FastifyRequest,
  id: string,
  input: { reason: string; amount?: string | undefined },
) {
  return db.transaction(async (tx) => {
    const { invoice: original, clientId } = await lockInvoice(tx, id);
    if (isCreditNote(original)) throw conflict("Una nota di credito non si rettifica con un'altra nota di credito");
    if (original.status === "bozza")
      throw conflict("La fattura è in bozza: si corregge modificandola, senza nota di credito");
    if (original.sdiStatus === "scartata")
      throw conflict(
        `La fattura ${original.number} è stata scartata dallo SdI: correggila e riemettila con lo stesso numero, senza nota di credito`,
      );
    const [prev] = await tx
      .select({ credited: sql<string>`coalesce(-sum(${invoices.amount}), 0)::numeric(14,2)::text` })
      .from(invoices)
      .where(eq(invoices.creditedInvoiceId, id));
    const creditedBefore = prev?.credited ?? "0.00";
    const available = subMoney(original.amount, creditedBefore);
    const source = await snapshotOf(tx, original);
    const ref = `fattura ${original.number} del ${formatDate(original.issueDate)}`;

    let lines: FpLine[];
    let stampDuty = "0.00";
    if (input.amount === undefined) {
      if (!isZeroMoney(creditedBefore))
        throw conflict(
          `La ${ref} ha già note di credito per ${formatEuro(creditedBefore)}: indica l'importo da stornare (al massimo ${formatEuro(available)})`,
          { amount: `Al massimo ${formatEuro(available)}` },
        );
      // The whole invoice: its own lines, bollo included, as they were issued.
      lines = source.lines.map((l) => ({ ...l, description: `Storno: ${l.description}` }));
      stampDuty = original.stampDuty;
    } else {
      if (compareMoney(input.amount, available) > 0)
        throw conflict(
          `L'importo da stornare (${formatEuro(input.amount)}) supera l'imponibile ancora non stornato della ${ref} (${formatEuro(available)})`,
          { amount: `Al massimo ${formatEuro(available)}` },
        );
      lines = partialCreditLines(source, input.amount, `Storno parziale della ${ref}: ${input.reason}`);
    }
    const summary = fatturaSummaries(lines);
    const work = lines.filter((l) => l.natura !== "N1" || isZeroMoney(stampDuty));
    const amount = sumMoney(work.map((l) => l.total));
    const vatAmount = sumMoney(summary.map((s) => s.imposta));
    const totalAmount = addMoney(amount, vatAmount, stampDuty);

    const today = todayIso();
    const next = await nextDocumentNumber(tx, "FAT", Number(today.slice(0, 4)));
    const [row] = await tx
      .insert(invoices)
      .values({
        number: next.number,
        year: next.year,
        sequence: next.sequence,
        contractId: original.contractId,
        kind: "nota_credito",
        amount: neg(amount),
        vatTreatment: original.vatTreatment,
        vatAmount: neg(vatAmount),
        stampDuty: neg(stampDuty),
        totalAmount: neg(totalAmount),
        issueDate: today,
        dueDate: today,
        status: "inviata",
        sentAt: new Date().toISOString(),
        creditedInvoiceId: id,
        creditReason: input.reason,
      })
      .returning();
    const fresh = await takeInvoiceSnapshot(tx, (await findInvoiceDocument(tx, row!.id, null))!);
    const snapshot: InvoiceSnapshot = {
      ...fresh,
      invoice: { ...fresh.invoice, amount, vatAmount, stampDuty, totalAmount },
      description: `Nota di credito sulla ${ref}`,
      lines,
      vatSummary: summary,
      payment: { ...fresh.payment, amount: totalAmount },
      credit: { reason: input.reason, original: { number: original.number!, issueDate: original.issueDate } },
      transmission: 1,
    };
    // The FatturaPA first: refused (XSD or SdI checks), nothing is kept and the number goes back.
    const xmlSha256 = await storeInvoiceXml(tx, row!.id, snapshot);
    const pdfSha256 = await storeInvoicePdf(tx, config, row!.id, snapshot);
    const [note] = await tx
      .update(invoices)
      .set({ snapshot, xmlSha256, pdfSha256 })
      .where(eq(invoices.id, row!.id))
      .returning();
    await tx
      .update(invoices)
      .set({
        creditedAmount: addMoney(original.creditedAmount, totalAmount),
        updatedAt: sql`now()`,
        version: sql`${invoices.version} + 1`,
      })
      .where(eq(invoices.id, id));
    const fileName = await recordTransmission(tx, row!.id, snapshot, today);
    await recordActivity(tx, request, {
      action: "create",
      entityType: "invoice",
      entityId: id,
      clientId,
      description: `Nota di credito ${next.number} emessa sulla ${ref}: ${formatEuro(totalAmount)} (${input.reason})`,
    });
    await recordActivity(tx, request, {
      action: "send",
      entityType: "invoice",
      entityId: row!.id,
      clientId,
      description: `Nota di credito emessa: ${next.number}, ${formatEuro(totalAmount)} sulla ${ref} (file ${fileName})`,
    });
    await notify(tx, {
      audience: "client",
      clientId,
      kind: "invoice_issued",
      title: `Nota di credito ${next.number}`,
      body: `Nota di credito di ${formatEuro(totalAmount)} sulla ${ref}.`,
      link: `/client/invoices/${row!.id}`,
      entityType: "invoice",
      entityId: row!.id,
    });
    return note!;
  });
}
