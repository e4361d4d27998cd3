import { and, desc, eq, gt, isNotNull, lt, ne, sql } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import { addDays, todayIso } from "@domain/dates";
import { formatDate, formatEuro } from "@domain/format";
import {
  exceedsContract,
  invoiceActions,
  invoiceAmount,
  invoiceKindLabels,
  invoiceTransitionError,
  invoiceTitle,
  isInvoiceEditable,
  type InvoiceCreateValues,
  type InvoiceKind,
  type InvoiceLineInput,
  type InvoiceUpdateValues,
} from "@domain/invoices";
import { addMoney, compareMoney } from "@domain/money";
import { invoiceStatuses } from "@domain/statuses";
import { newLineVatRate, storedVatFigures, vatContextOf } from "@domain/vat";
import type { Db, Tx } from "../../db/client";
import { clients, constructionSites, contracts, documentCounters, estimates, invoices } from "../../db/schema";
import { badRequest, conflict, notFound, staleVersion } from "../../http/errors";
import { nextDocumentNumber } from "../../lib/numbering";
import { recordActivity } from "../activity/record";
import { getSettings } from "../settings/queries";
import { recordTransmission, storeInvoicePdf, storeInvoiceXml } from "./documents";
import { findInvoiceDocument } from "./queries";
import { buildInvoiceLines, computeLines, loadInvoiceLines, storeInvoiceLines, type ContractForLines } from "./lines";
import { takeInvoiceSnapshot } from "./snapshot";
import { notifyClient, type NoticeConfig } from "../notifications/notify-client";

export const INVOICE_NOT_FOUND = "Fattura non trovata";

/**
 * The contract locked for invoicing, with what the amount rules need. The lock serialises
 * invoices on one contract, so two concurrent ones cannot both slip under the contract value.
 */
async function invoicingContext(tx: Tx, contractId: string, excludeInvoiceId?: string) {
  const [row] = await tx
    .select({
      id: contracts.id,
      number: contracts.number,
      status: contracts.status,
      estimateId: estimates.id,
      estimateNumber: estimates.number,
      estimateTitle: estimates.title,
      orderId: estimates.orderId,
      value: estimates.totalAmount,
      treatment: estimates.treatment,
      clientId: estimates.clientId,
      client: { type: clients.type, vatNumber: clients.vatNumber, withholdingAgent: clients.withholdingAgent },
    })
    .from(contracts)
    .innerJoin(estimates, eq(estimates.id, contracts.estimateId))
    .innerJoin(clients, eq(clients.id, estimates.clientId))
    .where(eq(contracts.id, contractId))
    .for("update", { of: contracts });
  if (!row) return null;
  const [sum] = await tx
    .select({ total: sql<string>`coalesce(sum(${invoices.amount}), 0)::numeric(12,2)::text` })
    .from(invoices)
    .where(
      excludeInvoiceId
        ? and(eq(invoices.contractId, contractId), ne(invoices.id, excludeInvoiceId))
        : eq(invoices.contractId, contractId),
    );
  // Several sites on one estimate: SAL follows their average progress, rounded down.
  const [progress] = await tx
    .select({ avg: sql<number | null>`floor(avg(${constructionSites.progress}))::int` })
    .from(constructionSites)
    .where(eq(constructionSites.estimateId, row.estimateId));
  const [sal] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(invoices)
    .where(
      and(
        eq(invoices.contractId, contractId),
        eq(invoices.kind, "sal"),
        excludeInvoiceId ? ne(invoices.id, excludeInvoiceId) : undefined,
      ),
    );
  const settings = await getSettings(tx);
  const forLines: ContractForLines = {
    contractId: row.id,
    contractNumber: row.number,
    estimateId: row.estimateId,
    estimateNumber: row.estimateNumber,
    estimateTitle: row.estimateTitle,
    orderId: row.orderId,
    siteProgress: progress?.avg ?? null,
    ctx: vatContextOf(row.client, settings.regimeFiscale, row.treatment),
    defaultRate: newLineVatRate(row.client.type, settings.defaultVatRate),
  };
  return {
    ...row,
    invoiced: sum?.total ?? "0.00",
    siteProgress: progress?.avg ?? null,
    nextSalPhase: (sal?.n ?? 0) + 1,
    forLines,
    settings,
  };
}

type InvoicingContext = NonNullable<Awaited<ReturnType<typeof invoicingContext>>>;

/**
 * The lines of the invoice and the engine's figures on them (docs/domain/invoices.md). The imponibile of an
 * acconto, SAL or free amount comes from the amount rules; a saldo's is its lines' (the estimate
 * less the earlier invoices); a libera's with lines is theirs.
 */
async function linesAndFigures(
  tx: Tx,
  ctx: InvoicingContext,
  req: {
    kind: InvoiceKind;
    amount: string | null;
    lines?: readonly InvoiceLineInput[] | null;
    salPhase: number | null;
  },
  override: boolean,
  excludeInvoiceId?: string,
) {
  const lines = await buildInvoiceLines(tx, ctx.forLines, req, excludeInvoiceId);
  const vat = computeLines(ctx.forLines.ctx, lines);
  const figures = storedVatFigures(vat);
  if (compareMoney(figures.imponibile, "0.00") <= 0) {
    if (req.kind === "saldo")
      throw conflict("Saldo: il valore del contratto è già interamente fatturato", { kind: "Nulla da fatturare" });
    throw badRequest("Dati non validi. Importo: deve essere maggiore di zero", {
      lines: "Il totale delle righe deve essere maggiore di zero",
    });
  }
  if (!override && exceedsContract(figures.imponibile, { contractValue: ctx.value, invoiced: ctx.invoiced })) {
    throw capError(figures.imponibile, ctx);
  }
  return { lines, vat, figures };
}

/** The invoice columns that follow from its lines. */
const figureColumns = (f: ReturnType<typeof storedVatFigures>) => ({
  amount: f.imponibile,
  vatAmount: f.vatAmount,
  stampDuty: f.stampDuty,
  totalAmount: f.total,
  withholding: f.withholding,
  netToPay: f.netToPay,
});

function capError(amount: string, ctx: { invoiced: string; value: string }) {
  return conflict(
    `L'importo totale fatturato (${formatEuro(addMoney(ctx.invoiced, amount))}) supererebbe il valore del contratto (${formatEuro(ctx.value)}). Conferma il superamento per procedere.`,
    { amount: "Supera il valore del contratto" },
  );
}

/**
 * Numbers follow dates within a year (docs/domain/numbering.md, docs/decisions/008-invoice-number-at-issue.md): no
 * invoice numbered before this one may carry a later date, none numbered after it an earlier
 * one. The caller holds the year's counter row, so two edits cannot cross each other.
 */
async function assertDateOrder(tx: Tx, year: number, sequence: number, issueDate: string) {
  const [before] = await tx
    .select({ number: invoices.number, issueDate: invoices.issueDate, status: invoices.status })
    .from(invoices)
    .where(and(eq(invoices.year, year), lt(invoices.sequence, sequence), gt(invoices.issueDate, issueDate)))
    .orderBy(desc(invoices.issueDate))
    .limit(1);
  if (before) {
    const what = before.status === "bozza" ? "della bozza" : "della fattura emessa";
    throw conflict(
      `La data di emissione non può precedere quella ${what} ${before.number} (${formatDate(before.issueDate)}): nell'anno i numeri seguono l'ordine delle date`,
      { issueDate: `Non può precedere il ${formatDate(before.issueDate)}` },
    );
  }
  const [after] = await tx
    .select({ number: invoices.number, issueDate: invoices.issueDate })
    .from(invoices)
    .where(and(eq(invoices.year, year), gt(invoices.sequence, sequence), lt(invoices.issueDate, issueDate)))
    .orderBy(invoices.issueDate)
    .limit(1);
  if (after) {
    throw conflict(
      `La data di emissione non può seguire quella della fattura ${after.number} (${formatDate(after.issueDate)}), che ha un numero successivo: nell'anno i numeri seguono l'ordine delle date`,
      { issueDate: `Non può seguire il ${formatDate(after.issueDate)}` },
    );
  }
}

/** Holds the year's invoice counter row: creations, date edits and issues of one year queue behind each other. */
async function lockYear(tx: Tx, year: number) {
  await tx
    .select({ year: documentCounters.year })
    .from(documentCounters)
    .where(and(eq(documentCounters.kind, "FAT"), eq(documentCounters.year, year)))
    .for("update");
}

/**
 * A draft's date may not precede the latest numbered invoice of its year (docs/domain/numbering.md): it will
 * take the next number at issue, and numbers follow dates.
 */
async function assertNotBeforeLatest(tx: Tx, issueDate: string, excludeId?: string) {
  const year = Number(issueDate.slice(0, 4));
  const [latest] = await tx
    .select({ number: invoices.number, issueDate: invoices.issueDate })
    .from(invoices)
    .where(
      and(
        eq(invoices.year, year),
        isNotNull(invoices.sequence),
        gt(invoices.issueDate, issueDate),
        excludeId ? ne(invoices.id, excludeId) : undefined,
      ),
    )
    .orderBy(desc(invoices.issueDate))
    .limit(1);
  if (latest) {
    throw conflict(
      `La data di emissione non può precedere quella dell'ultima fattura emessa del ${year}, ${latest.number} del ${formatDate(latest.issueDate)}: nell'anno i numeri seguono l'ordine delle date`,
      { issueDate: `Non può precedere il ${formatDate(latest.issueDate)}` },
    );
  }
}

/** The imponibile an acconto, SAL or free amount asks for (null: the lines decide it). */
async function requestedAmount(
  ctx: InvoicingContext,
  input: Pick<InvoiceCreateValues, "kind" | "percent" | "amount" | "lines">,
) {
  if (input.kind === "saldo") return null;
  if (input.kind === "libera" && (input.lines?.length || !input.amount)) return null;
  const result = invoiceAmount(
    { kind: input.kind, percent: input.percent, amount: input.amount },
    { contractValue: ctx.value, invoiced: ctx.invoiced, siteProgress: ctx.siteProgress },
  );
  if (!result.ok) {
    // Missing or wrong figures are the caller's input (400); "nothing to bill" is the contract's state (409).
    if (result.field === "kind") throw conflict(result.message, { kind: result.message });
    throw badRequest(`Dati non validi. ${result.message}`, { [result.field]: result.message });
  }
  return result.amount;
}

/** A libera draft corrected in its dates or notes only: its own lines, recomputed. */
async function keptLines(tx: Tx, ctx: InvoicingContext, id: string, override: boolean) {
  const stored = await loadInvoiceLines(tx, id);
  const lines = stored.map(({ description, quantity, unit, unitPrice, vatRate, natura, significantGood }) => ({
    description,
    quantity,
    unit,
    unitPrice,
    vatRate,
    natura,
    significantGood,
  }));
  const vat = computeLines(ctx.forLines.ctx, lines);
  const figures = storedVatFigures(vat);
  if (!override && exceedsContract(figures.imponibile, { contractValue: ctx.value, invoiced: ctx.invoiced }))
    throw capError(figures.imponibile, ctx);
  return { lines, vat, figures };
}

export async function createInvoice(db: Db, actor: Actor, input: InvoiceCreateValues) {
  return db.transaction(async (tx) => {
    const ctx = await invoicingContext(tx, input.contractId);
    if (!ctx) throw badRequest("Dati non validi. Contratto non trovato", { contractId: "Contratto non trovato" });
    if (ctx.status === "bozza") {
      throw conflict(`Il contratto ${ctx.number} è ancora in bozza: firmalo prima di emettere fatture`, {
        contractId: "Contratto non firmato",
      });
    }
    if (input.lines?.length && input.kind !== "libera") {
      throw badRequest("Dati non validi. Righe: solo una fattura a importo libero può indicare le sue righe", {
        lines: "Solo per importo libero",
      });
    }
    const amount = await requestedAmount(ctx, input);
    const salPhase = input.kind === "sal" ? ctx.nextSalPhase : null;
    const { lines, vat, figures } = await linesAndFigures(
      tx,
      ctx,
      { kind: input.kind, amount, lines: input.lines, salPhase },
      input.override,
    );
    const today = todayIso();
    const issueDate = input.issueDate ?? today;
    if (issueDate > today)
      throw badRequest("Dati non validi. Data di emissione: non può essere nel futuro", {
        issueDate: "Non può essere nel futuro",
      });
    const settings = await getSettings(tx);
    const dueDate = input.dueDate ?? addDays(issueDate, settings.paymentTermsDays);
    if (dueDate < issueDate)
      throw badRequest("Dati non validi. Scadenza: non può precedere la data di emissione", {
        dueDate: "Precede l'emissione",
      });

    // No number yet: it is given at issue (docs/decisions/008-invoice-number-at-issue.md).
    await assertNotBeforeLatest(tx, issueDate);
    const [row] = await tx
      .insert(invoices)
      .values({
        contractId: ctx.id,
        kind: input.kind,
        treatment: ctx.treatment,
        ...figureColumns(figures),
        salPhase,
        issueDate,
        dueDate,
        notes: input.notes,
        status: "bozza",
      })
      .returning();
    await storeInvoiceLines(tx, row!.id, lines, vat);
    await recordActivity(tx, actor, {
      action: "create",
      entityType: "invoice",
      entityId: row!.id,
      clientId: ctx.clientId,
      description: `Bozza di fattura (${invoiceKindLabels[input.kind].toLowerCase()}) di ${formatEuro(figures.total)} sul contratto ${ctx.number}`,
    });
    return row!;
  });
}

/** The invoice row locked for this transaction: payments, credit notes and SdI outcomes on one invoice queue here. */
export async function lockInvoice(tx: Tx, id: string) {
  const [row] = await tx
    .select({ invoice: invoices, clientId: estimates.clientId })
    .from(invoices)
    .innerJoin(contracts, eq(contracts.id, invoices.contractId))
    .innerJoin(estimates, eq(estimates.id, contracts.estimateId))
    .where(eq(invoices.id, id))
    .for("update", { of: invoices });
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  return row;
}

const notEditable = (number: string | null, status: string) =>
  conflict(
    `La fattura ${number ?? ""} è ${invoiceStatuses.label(status).toLowerCase()}: una fattura emessa non si modifica né si elimina (si corregge con una nota di credito)`,
  );

/** A draft's amount, dates and notes. A draft numbered before numbers moved to issue keeps its number and year. */
export async function updateInvoice(db: Db, actor: Actor, id: string, input: InvoiceUpdateValues) {
  return db.transaction(async (tx) => {
    const { invoice } = await lockInvoice(tx, id);
    if (invoice.version !== input.version) throw staleVersion();
    if (!isInvoiceEditable(invoice.status)) throw notEditable(invoice.number, invoice.status);
    if (invoice.year != null && Number(input.issueDate.slice(0, 4)) !== invoice.year) {
      throw badRequest(
        `Dati non validi. Data di emissione: deve restare nel ${invoice.year}, l'anno del numero ${invoice.number}`,
        {
          issueDate: `Deve restare nel ${invoice.year}`,
        },
      );
    }
    if (input.issueDate > todayIso())
      throw badRequest("Dati non validi. Data di emissione: non può essere nel futuro", {
        issueDate: "Non può essere nel futuro",
      });
    // A credit note is issued at once (never a draft): nothing to correct here.
    if (invoice.kind === "nota_credito") throw notEditable(invoice.number, invoice.status);
    const ctx = (await invoicingContext(tx, invoice.contractId, id))!;
    if (input.lines?.length && invoice.kind !== "libera") {
      throw badRequest("Dati non validi. Righe: solo una fattura a importo libero può indicare le sue righe", {
        lines: "Solo per importo libero",
      });
    }
    if (input.amount && invoice.kind === "saldo") {
      throw badRequest("Dati non validi. Importo: il saldo segue le righe del preventivo e le fatture già emesse", {
        amount: "Il saldo non ha un importo libero",
      });
    }
    // The draft's lines follow the correction (or today's contract, for a saldo); the treatment
    // is the contract's.
    const amount = invoice.kind === "saldo" ? null : (input.amount ?? (input.lines?.length ? null : invoice.amount));
    const keepsOwnLines = invoice.kind === "libera" && !input.lines?.length && !input.amount;
    const { lines, vat, figures } = keepsOwnLines
      ? await keptLines(tx, ctx, id, input.override)
      : await linesAndFigures(
          tx,
          ctx,
          { kind: invoice.kind, amount, lines: input.lines, salPhase: invoice.salPhase },
          input.override,
          id,
        );
    if (invoice.year != null && invoice.sequence != null) {
      await lockYear(tx, invoice.year);
      await assertDateOrder(tx, invoice.year, invoice.sequence, input.issueDate);
    } else {
      await assertNotBeforeLatest(tx, input.issueDate, id);
    }
    const [row] = await tx
      .update(invoices)
      .set({
        ...figureColumns(figures),
        treatment: ctx.treatment,
        issueDate: input.issueDate,
        dueDate: input.dueDate,
        notes: input.notes,
        updatedAt: sql`now()`,
        version: sql`${invoices.version} + 1`,
      })
      .where(eq(invoices.id, id))
      .returning();
    await storeInvoiceLines(tx, id, lines, vat);
    await recordActivity(tx, actor, {
      action: "update",
      entityType: "invoice",
      entityId: id,
      clientId: ctx.clientId,
      description: `${invoiceTitle(invoice)} aggiornata`,
    });
    return row!;
  });
}

/**
 * A draft has no number, so it may simply be deleted. A draft numbered before numbers moved to
 * issue may be deleted only when it is the latest of its year, giving its number back: invoice
 * numbers have no gaps (docs/domain/numbering.md). An issued invoice is corrected with a credit note.
 */
export async function deleteInvoice(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const { invoice, clientId } = await lockInvoice(tx, id);
    if (!isInvoiceEditable(invoice.status)) throw notEditable(invoice.number, invoice.status);
    if (invoice.year != null && invoice.sequence != null)
      await giveNumberBack(tx, invoice.number!, invoice.year, invoice.sequence);
    await tx.delete(invoices).where(eq(invoices.id, id));
    await recordActivity(tx, actor, {
      action: "delete",
      entityType: "invoice",
      entityId: id,
      clientId,
      description: `${invoiceTitle(invoice)} eliminata`,
    });
  });
}

async function giveNumberBack(tx: Tx, number: string, year: number, sequence: number) {
  const [counter] = await tx
    .update(documentCounters)
    .set({ lastValue: sql`${documentCounters.lastValue} - 1` })
    .where(
      and(eq(documentCounters.kind, "FAT"), eq(documentCounters.year, year), eq(documentCounters.lastValue, sequence)),
    )
    .returning();
  if (!counter) {
    throw conflict(
      `Impossibile eliminare la fattura ${number}: non è l'ultima del ${year} e la numerazione non può avere buchi. Modificala invece di eliminarla.`,
    );
  }
}

/**
 * Issues a draft (docs/domain/invoices.md): the invoice is frozen (snapshot of seller, buyer, lines, VAT
 * summary, totals, payment terms), its PDF and FatturaPA are rendered once from the snapshot,
 * the FatturaPA is validated (XSD + SdI checks), both are stored with their sha256, and the
 * status changes: all in one transaction, so a refused file leaves the draft untouched.
 * The number is given here, in the order of the dates (docs/decisions/008-invoice-number-at-issue.md).
 */
export async function issueInvoice(db: Db, config: NoticeConfig, actor: Actor, id: string) {
  return db.transaction(async (tx) => {
    const { invoice, clientId } = await lockInvoice(tx, id);
    const error = invoiceTransitionError(invoice.status, "send");
    if (error) throw conflict(error);
    if (invoice.issueDate > todayIso()) {
      throw conflict("La data di emissione è nel futuro: una fattura si emette nel giorno della sua data o dopo", {
        issueDate: "Non può essere nel futuro",
      });
    }
    let number = invoice.number;
    if (invoice.year != null && invoice.sequence != null) {
      // Numbered before numbers moved to issue: it keeps its place in the year.
      await lockYear(tx, invoice.year);
      await assertDateOrder(tx, invoice.year, invoice.sequence, invoice.issueDate);
    } else {
      // The next number of the year, taken now: the counter row stays locked until commit, so
      // issues of one year queue and a refused one gives its number back (no gap, no duplicate).
      const next = await nextDocumentNumber(tx, "FAT", Number(invoice.issueDate.slice(0, 4)));
      await assertNotBeforeLatest(tx, invoice.issueDate, id);
      await tx
        .update(invoices)
        .set({ number: next.number, year: next.year, sequence: next.sequence })
        .where(eq(invoices.id, id));
      number = next.number;
    }

    const doc = (await findInvoiceDocument(tx, id, null))!;
    const snapshot = await takeInvoiceSnapshot(tx, doc);
    // The FatturaPA first: it is the one that can be refused, and nothing is stored then.
    const xmlSha256 = await storeInvoiceXml(tx, id, snapshot);
    const pdfSha256 = await storeInvoicePdf(tx, config, id, snapshot);
    const [row] = await tx
      .update(invoices)
      .set({
        status: invoiceActions.send.to,
        sentAt: new Date().toISOString(),
        snapshot,
        pdfSha256,
        xmlSha256,
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
      description: `${invoiceActions.send.done}: ${number} (file ${fileName})`,
    });
    // The client's portal bell, and an e-mail queued in this transaction when he has an address
    // (docs/domain/portal.md): an invoice was issued to him. Only what his invoice shows.
    const amounts = `di ${formatEuro(invoice.totalAmount)} con scadenza il ${formatDate(invoice.dueDate)}`;
    await notifyClient(tx, config, {
      clientId,
      kind: "invoice_issued",
      title: `Nuova fattura ${number}`,
      body: `Fattura ${amounts}.`,
      link: `/client/invoices/${id}`,
      entityType: "invoice",
      entityId: id,
      mail: { subject: `Nuova fattura ${number}`, lines: [`le abbiamo emesso la fattura ${number} ${amounts}.`] },
    });
    return row!;
  });
}
