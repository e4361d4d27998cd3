import { and, asc, eq, ne } from "drizzle-orm";
import { estimateVatLines } from "@domain/estimates";
import { invoiceLineDescription, type InvoiceKind, type InvoiceLine, type InvoiceLineInput } from "@domain/invoices";
import { lineTotal, plainDecimal } from "@domain/money";
import {
  contractShareLines,
  rateGroups,
  deductionLines,
  documentVat,
  isVatError,
  vatContextOf,
  type DocumentTreatment,
  type DocumentVatContext,
  type LineVatRate,
  type Natura,
  type VatLineInput,
  type VatResult,
} from "@domain/vat";
import type { Queryable, Tx } from "../../db/client";
import { estimateItems, invoiceLines, invoices, orders } from "../../db/schema";
import { badRequest, conflict } from "../../http/errors";
import { getSettings } from "../settings/queries";

// The lines of an invoice (docs/domain/invoices.md) and their VAT: built from the contract
// when the invoice is created, stored in invoice_lines, computed by the one engine (src/domain/vat/).

/** "12.5" → "-12.5" and back: a stored credit-note line from the printed one (any decimals). */
export const negatedAmount = (value: string) => (value.startsWith("-") ? value.slice(1) : `-${value}`);

/** A line before it is stored: the engine's input plus its unit of measure. */
export type DraftLine = VatLineInput & { unit: string | null };

const toVatLine = (l: {
  description: string;
  quantity: string;
  unitPrice: string;
  vatRate: string;
  natura: string | null;
  significantGood: boolean;
}): VatLineInput => ({
  description: l.description,
  quantity: l.quantity,
  unitPrice: l.unitPrice,
  vatRate: l.vatRate as LineVatRate,
  natura: l.natura as Natura | null,
  significantGood: l.significantGood,
});

/** An engine refusal of an invoice's lines: 400 naming the line's field (lines.2.natura). */
function vatRefusal(error: unknown, status: "400" | "409" = "400") {
  if (!isVatError(error)) return error;
  const field = error.field.replace(/^lines\[(\d+)\]/, "lines.$1");
  return status === "400"
    ? badRequest(`Dati non validi. ${error.message}`, { [field]: error.message })
    : conflict(error.message, { [field]: error.message });
}

/** Computes the lines, turning an engine refusal into a 400 (or 409 for stored data) with the field. */
export function computeLines(
  ctx: DocumentVatContext,
  lines: readonly VatLineInput[],
  status: "400" | "409" = "400",
): VatResult {
  try {
    return documentVat(ctx, lines);
  } catch (error) {
    throw vatRefusal(error, status);
  }
}

export async function loadInvoiceLines(db: Queryable, invoiceId: string): Promise<InvoiceLine[]> {
  const rows = await db
    .select({
      position: invoiceLines.position,
      description: invoiceLines.description,
      quantity: invoiceLines.quantity,
      unit: invoiceLines.unit,
      unitPrice: invoiceLines.unitPrice,
      vatRate: invoiceLines.vatRate,
      natura: invoiceLines.natura,
      significantGood: invoiceLines.significantGood,
      lineTotal: invoiceLines.lineTotal,
    })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.position));
  return rows.map((r) => ({ ...r, quantity: plainDecimal(r.quantity), unitPrice: plainDecimal(r.unitPrice) }));
}

/** The VAT context of an invoice's client under today's company regime. */
export async function invoiceVatContext(
  db: Queryable,
  client: { type: string; vatNumber: string | null; withholdingAgent: boolean },
  treatment: DocumentTreatment,
) {
  const settings = await getSettings(db);
  return { ctx: vatContextOf(client, settings.regimeFiscale, treatment), defaultRate: settings.defaultVatRate };
}

/** An invoice's stored lines and the engine's result on them, from today's client and settings (drafts). */
export async function invoiceVat(
  db: Queryable,
  doc: {
    invoice: { id: string; treatment: DocumentTreatment };
    client: { type: string; vatNumber: string | null; withholdingAgent: boolean };
  },
) {
  const lines = await loadInvoiceLines(db, doc.invoice.id);
  const { ctx } = await invoiceVatContext(db, doc.client, doc.invoice.treatment);
  return { lines, vat: computeLines(ctx, lines.map(toVatLine), "409") };
}

/** Replaces the stored lines of an invoice (a draft) with these, totals exact at the line. */
export async function storeInvoiceLines(tx: Tx, invoiceId: string, lines: readonly DraftLine[], vat: VatResult) {
  await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
  if (!lines.length) return;
  await tx.insert(invoiceLines).values(
    lines.map((line, position) => {
      const computed = vat.lines[position]!;
      // The rate the document charges: reverse charge and the forfettario turn a rate into 0 %
      // with its natura; a significant good keeps its 10 % (the engine splits it again).
      const zeroed = computed.natura !== null && line.vatRate !== "0";
      return {
        invoiceId,
        position,
        description: line.description,
        quantity: line.quantity,
        unit: line.unit,
        unitPrice: line.unitPrice,
        vatRate: zeroed ? ("0" as const) : line.vatRate,
        natura: zeroed ? computed.natura : line.natura,
        significantGood: line.significantGood,
        lineTotal: lineTotal(line.quantity, line.unitPrice),
      };
    }),
  );
}

/** What the lines of a new invoice are built from: the contract, its estimate and its history. */
export interface ContractForLines {
  contractId: string;
  contractNumber: string;
  estimateId: string;
  estimateNumber: string;
  estimateTitle: string;
  orderId: string | null;
  siteProgress: number | null;
  ctx: DocumentVatContext;
  defaultRate: LineVatRate;
}

/** The estimate's lines (the contract inherits them), then the attached order's materials. */
export async function contractLines(
  tx: Queryable,
  c: Pick<ContractForLines, "estimateId" | "orderId" | "defaultRate">,
): Promise<DraftLine[]> {
  const items = await tx
    .select({
      description: estimateItems.description,
      quantity: estimateItems.quantity,
      unit: estimateItems.unit,
      unitPrice: estimateItems.unitPrice,
      vatRate: estimateItems.vatRate,
      natura: estimateItems.natura,
      significantGood: estimateItems.significantGood,
    })
    .from(estimateItems)
    .where(eq(estimateItems.estimateId, c.estimateId))
    .orderBy(asc(estimateItems.position), asc(estimateItems.createdAt));
  const [order] = c.orderId
    ? await tx.select({ total: orders.totalAmount }).from(orders).where(eq(orders.id, c.orderId))
    : [];
  const plain = items.map((i) => ({ ...i, quantity: plainDecimal(i.quantity), unitPrice: plainDecimal(i.unitPrice) }));
  return estimateVatLines(plain, order?.total ?? null, c.defaultRate).map((line, i) => ({
    ...line,
    unit: plain[i]?.unit ?? "a corpo",
  }));
}

/** One negative line per earlier invoice of the contract (docs/domain/invoices.md): they must all be issued. */
async function deductionsFor(tx: Tx, c: ContractForLines, excludeInvoiceId?: string): Promise<DraftLine[]> {
  const earlier = await tx
    .select({
      id: invoices.id,
      number: invoices.number,
      issueDate: invoices.issueDate,
      kind: invoices.kind,
      status: invoices.status,
      treatment: invoices.treatment,
    })
    .from(invoices)
    .where(and(eq(invoices.contractId, c.contractId), excludeInvoiceId ? ne(invoices.id, excludeInvoiceId) : undefined))
    .orderBy(asc(invoices.year), asc(invoices.sequence), asc(invoices.issueDate), asc(invoices.createdAt));
  const draft = earlier.find((e) => e.status === "bozza");
  if (draft) {
    throw conflict(
      "Saldo: sul contratto c'è ancora una bozza di fattura. Emettila o eliminala prima del saldo, che deduce le fatture emesse",
      { kind: "Bozza di fattura sul contratto" },
    );
  }
  const out: DraftLine[] = [];
  for (const e of earlier) {
    // A credit note's lines are stored negated: computed as it was printed (positive), its
    // "deduction" is turned back into what it gave back, so the saldo deducts the invoices net of it.
    const credit = e.kind === "nota_credito";
    const lines = (await loadInvoiceLines(tx, e.id)).map(toVatLine);
    const vat = computeLines(
      { ...c.ctx, treatment: e.treatment },
      credit ? lines.map((l) => ({ ...l, unitPrice: negatedAmount(l.unitPrice) })) : lines,
      "409",
    );
    out.push(
      ...deductionLines({ number: e.number, issueDate: e.issueDate, kind: e.kind, vat }).map((l) => ({
        ...l,
        description: credit ? l.description.replace("A dedurre:", "Già stornato con") : l.description,
        unitPrice: credit ? negatedAmount(l.unitPrice) : l.unitPrice,
        unit: null,
      })),
    );
  }
  return out;
}

/**
 * The lines of a new (or corrected) invoice (docs/domain/invoices.md): saldo — the estimate's lines and one
 * "A dedurre" line per earlier invoice; libera — the lines sent, or the estimate's lines, or one
 * line for a free amount; acconto and SAL — one descriptive line at the contract's rates.
 */
export async function buildInvoiceLines(
  tx: Tx,
  c: ContractForLines,
  req: {
    kind: InvoiceKind;
    amount: string | null;
    lines?: readonly InvoiceLineInput[] | null;
    salPhase?: number | null;
  },
  excludeInvoiceId?: string,
): Promise<DraftLine[]> {
  if (req.kind === "libera" && req.lines?.length) {
    return req.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unit: l.unit,
      unitPrice: l.unitPrice,
      vatRate: l.vatRate ?? c.defaultRate,
      natura: l.natura,
      significantGood: l.significantGood,
    }));
  }
  const estimate = await contractLines(tx, c);
  if (req.kind === "saldo") return [...estimate, ...(await deductionsFor(tx, c, excludeInvoiceId))];
  if (req.kind === "libera" && !req.amount) return estimate;
  const description = invoiceLineDescription(req.kind, {
    contractNumber: c.contractNumber,
    estimateNumber: c.estimateNumber,
    estimateTitle: c.estimateTitle,
    siteProgress: c.siteProgress,
    salPhase: req.salPhase,
  });
  const contractVat = computeLines(c.ctx, estimate, "409");
  return contractShareLines(req.amount!, description, rateGroups(contractVat), c.defaultRate).map((l) => ({
    ...l,
    unit: "a corpo",
  }));
}
