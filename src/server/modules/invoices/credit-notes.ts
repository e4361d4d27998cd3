import { eq, sql } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import { todayIso } from "@domain/dates";
import { formatDate, formatEuro } from "@domain/format";
import { isCreditNote, type InvoiceLine } from "@domain/invoices";
import { addMoney, compareMoney, fromCents, isZeroMoney, lineTotal, subMoney, sumMoney, toCents } from "@domain/money";
import { contractShareLines, viewRateGroups, type VatLineInput, type VatResult } from "@domain/vat";
import type { Config } from "../../config";
import type { Db, Tx } from "../../db/client";
import { invoices } from "../../db/schema";
import { badRequest, conflict } from "../../http/errors";
import { nextDocumentNumber } from "../../lib/numbering";
import { recordActivity } from "../activity/record";
import { notify } from "../notifications/notify";
import { recordTransmission, storeInvoicePdf, storeInvoiceXml } from "./documents";
import {
  computeLines,
  invoiceVatContext,
  loadInvoiceLines,
  negatedAmount,
  storeInvoiceLines,
  type DraftLine,
} from "./lines";
import { findInvoiceDocument } from "./queries";
import { lockInvoice } from "./service";
import { isInvoiceSnapshot, takeInvoiceSnapshot, type InvoiceSnapshot } from "./snapshot";

// Credit notes (TD04, docs/domain/invoices.md): a new document in the invoices' yearly
// sequence, issued at once (frozen, PDF and FatturaPA stored and validated like an invoice),
// naming the invoice it corrects. Its lines are the original's (or one per rate of the original
// for a partial amount), computed by the one VAT engine (src/domain/vat/) on their positive
// values, as the document prints them. Its row and its stored invoice_lines carry the same
// figures negated, so the contract's invoiced total, the dashboard and the VAT register count it
// against the invoices without a special case.

const neg = (money: string) => fromCents(-toCents(money));

/** The frozen snapshot of an issued invoice (invoices issued before snapshots existed get theirs now). */
async function snapshotOf(tx: Tx, invoice: { id: string; snapshot: unknown }): Promise<InvoiceSnapshot> {
  if (isInvoiceSnapshot(invoice.snapshot)) return invoice.snapshot;
  return takeInvoiceSnapshot(tx, (await findInvoiceDocument(tx, invoice.id, null))!);
}

/**
 * A partial credit: `amount` of imponibile shared across the original's rates and naturas in
 * proportion to their imponibile (the engine's own share rule, exact to the cent), one line per
 * rate or natura. The bollo (N1 recharge) is not the client's work: the engine decides it again.
 */
export function partialCreditLines(original: InvoiceSnapshot, amount: string, description: string): VatLineInput[] {
  const groups = viewRateGroups(original.vat).filter((g) => compareMoney(g.amount, "0") > 0);
  return contractShareLines(amount, description, groups, groups[0]?.vatRate ?? "22");
}

/** The credit note's lines as the document prints them (positive), numbered, with their totals. */
const printedLines = (lines: readonly DraftLine[]): InvoiceLine[] =>
  lines.map((l, position) => ({
    position,
    description: l.description,
    quantity: l.quantity,
    unit: l.unit,
    unitPrice: l.unitPrice,
    vatRate: l.vatRate,
    natura: l.natura,
    significantGood: l.significantGood,
    lineTotal: lineTotal(l.quantity, l.unitPrice),
  }));

/** Stores the lines negated (quantity kept, unit price negative): sums over invoice_lines net out. */
const negatedLines = (lines: readonly DraftLine[]): DraftLine[] =>
  lines.map((l) => ({ ...l, unitPrice: negatedAmount(l.unitPrice) }));

export async function issueCreditNote(
  db: Db,
  config: Pick<Config, "dataDir">,
  actor: Actor,
  id: string,
  input: { reason: string; amount?: string | undefined; lines?: number[] | undefined },
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

    const doc = (await findInvoiceDocument(tx, id, null))!;
    let lines: DraftLine[];
    if (input.lines !== undefined) {
      // Chosen lines: each credited whole, as it was issued.
      const stored = await loadInvoiceLines(tx, id);
      const missing = input.lines.filter((p) => !stored.some((l) => l.position === p));
      if (missing.length)
        throw badRequest(`Dati non validi. Righe: la ${ref} non ha la riga ${missing[0]! + 1}`, {
          lines: `La fattura non ha la riga ${missing[0]! + 1}`,
        });
      const chosen = stored.filter((l) => input.lines!.includes(l.position));
      if (chosen.some((l) => compareMoney(l.lineTotal, "0") <= 0))
        throw badRequest("Dati non validi. Righe: si stornano solo righe di importo positivo", {
          lines: "Si stornano solo righe di importo positivo",
        });
      const chosenTotal = sumMoney(chosen.map((l) => l.lineTotal));
      if (compareMoney(chosenTotal, available) > 0)
        throw conflict(
          `Le righe scelte (${formatEuro(chosenTotal)}) superano l'imponibile ancora non stornato della ${ref} (${formatEuro(available)})`,
          { lines: `Al massimo ${formatEuro(available)}` },
        );
      lines = chosen.map((l) => ({
        description: `Storno: ${l.description}`,
        quantity: l.quantity,
        unit: l.unit,
        unitPrice: l.unitPrice,
        vatRate: l.vatRate,
        natura: l.natura,
        significantGood: l.significantGood,
      }));
    } else if (input.amount === undefined) {
      if (!isZeroMoney(creditedBefore))
        throw conflict(
          `La ${ref} ha già note di credito per ${formatEuro(creditedBefore)}: indica l'importo da stornare (al massimo ${formatEuro(available)})`,
          { amount: `Al massimo ${formatEuro(available)}` },
        );
      // The whole invoice: its own stored lines, as they were issued (the engine adds the bollo again).
      lines = (await loadInvoiceLines(tx, id)).map((l) => ({
        description: `Storno: ${l.description}`,
        quantity: l.quantity,
        unit: l.unit,
        unitPrice: l.unitPrice,
        vatRate: l.vatRate,
        natura: l.natura,
        significantGood: l.significantGood,
      }));
    } else {
      if (compareMoney(input.amount, available) > 0)
        throw conflict(
          `L'importo da stornare (${formatEuro(input.amount)}) supera l'imponibile ancora non stornato della ${ref} (${formatEuro(available)})`,
          { amount: `Al massimo ${formatEuro(available)}` },
        );
      lines = partialCreditLines(source, input.amount, `Storno parziale della ${ref}: ${input.reason}`).map((l) => ({
        ...l,
        unit: "a corpo",
      }));
    }
    // The original's treatment (reverse charge, split payment) under today's client record.
    const { ctx } = await invoiceVatContext(tx, doc.client, original.treatment);
    const vat: VatResult = computeLines(ctx, lines, "409");
    const t = vat.totals;

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
        amount: neg(t.imponibile),
        treatment: original.treatment,
        vatAmount: neg(t.imposta),
        stampDuty: neg(t.bollo),
        totalAmount: neg(t.total),
        withholding: neg(t.ritenuta),
        netToPay: neg(t.netToPay),
        issueDate: today,
        dueDate: today,
        status: "inviata",
        sentAt: new Date().toISOString(),
        creditedInvoiceId: id,
        creditReason: input.reason,
      })
      .returning();
    await storeInvoiceLines(tx, row!.id, negatedLines(lines), vat);
    const fresh = await takeInvoiceSnapshot(tx, (await findInvoiceDocument(tx, row!.id, null))!, {
      lines: printedLines(lines),
      vat,
    });
    const snapshot: InvoiceSnapshot = {
      ...fresh,
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
        // What the client no longer owes: the credit note's net to pay (ritenuta and split VAT aside).
        creditedAmount: addMoney(original.creditedAmount, t.netToPay),
        updatedAt: sql`now()`,
        version: sql`${invoices.version} + 1`,
      })
      .where(eq(invoices.id, id));
    const fileName = await recordTransmission(tx, row!.id, snapshot, today);
    await recordActivity(tx, actor, {
      action: "create",
      entityType: "invoice",
      entityId: id,
      clientId,
      description: `Nota di credito ${next.number} emessa sulla ${ref}: ${formatEuro(t.total)} (${input.reason})`,
    });
    await recordActivity(tx, actor, {
      action: "send",
      entityType: "invoice",
      entityId: row!.id,
      clientId,
      description: `Nota di credito emessa: ${next.number}, ${formatEuro(t.total)} sulla ${ref} (file ${fileName})`,
    });
    await notify(tx, {
      audience: "client",
      clientId,
      kind: "invoice_issued",
      title: `Nota di credito ${next.number}`,
      body: `Nota di credito di ${formatEuro(t.total)} sulla ${ref}.`,
      link: `/client/invoices/${row!.id}`,
      entityType: "invoice",
      entityId: row!.id,
    });
    return note!;
  });
}
