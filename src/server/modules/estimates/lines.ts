import { eq, inArray } from "drizzle-orm";
import { compareMoney, lineTotal } from "@domain/money";
import {
  computeEstimateTotals,
  MAX_ESTIMATE_AMOUNT,
  serviceLineDescription,
  type EstimateItemValues,
} from "@domain/estimates";
import { FATTURA_LIMITS, fatturaLimitMessage, fitsFattura } from "@domain/fatturapa";
import { newLineVatRate, storedVatFigures, vatContextOf, type DocumentTreatment, type LineVatRate } from "@domain/vat";
import type { Queryable, Tx } from "../../db/client";
import { clients, estimateItems, estimates, orders, services, surveys } from "../../db/schema";
import { badRequest } from "../../http/errors";
import { getSettings } from "../settings/queries";

// The checks and computations shared by the estimate writes: references, lines from the
// catalogue, and the totals the server stores (client-sent totals never reach the database).

const invalid = (field: string, message: string) => badRequest(`Dati non validi. ${message}`, { [field]: message });

export async function loadClient(tx: Queryable, clientId: string) {
  const [client] = await tx
    .select({
      id: clients.id,
      name: clients.name,
      type: clients.type,
      vatNumber: clients.vatNumber,
      withholdingAgent: clients.withholdingAgent,
    })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!client) throw invalid("clientId", "Cliente: cliente non trovato");
  return client;
}
export type VatClient = Awaited<ReturnType<typeof loadClient>>;

/** The VAT context of a document for this client (company regime, default rate of new lines). */
export async function vatSetup(db: Queryable, client: VatClient, treatment: DocumentTreatment) {
  const settings = await getSettings(db);
  return {
    ctx: vatContextOf(client, settings.regimeFiscale, treatment),
    /** The rate of a line sent without one (docs/domain/vat.md: the company's default, 10 % for homes). */
    defaultRate: newLineVatRate(client.type, settings.defaultVatRate) as LineVatRate,
  };
}
export type VatSetup = Awaited<ReturnType<typeof vatSetup>>;

/** The survey must belong to the estimate's client. */
export async function checkSurvey(tx: Tx, surveyId: string | null, clientId: string) {
  if (!surveyId) return;
  const [survey] = await tx.select({ clientId: surveys.clientId }).from(surveys).where(eq(surveys.id, surveyId));
  if (!survey) throw invalid("surveyId", "Sopralluogo: sopralluogo non trovato");
  if (survey.clientId !== clientId) throw invalid("surveyId", "Sopralluogo: appartiene a un altro cliente");
}

/**
 * The attached order's total. Only a confermato order may be attached (docs/domain/statuses.md); one
 * already attached stays valid when it moves on (ricevuto), so an edit does not break on it.
 */
export async function orderTotalFor(
  tx: Tx,
  orderId: string | null,
  alreadyAttached: string | null = null,
): Promise<string | null> {
  if (!orderId) return null;
  const [order] = await tx
    .select({ status: orders.status, totalAmount: orders.totalAmount })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw invalid("orderId", "Ordine: ordine non trovato");
  if (order.status !== "confermato" && orderId !== alreadyAttached)
    throw invalid("orderId", "Ordine: si possono collegare solo ordini confermati");
  return order.totalAmount;
}

/**
 * Turns the lines a user sent into the rows to store: a catalogue line takes its description
 * from the service when left empty, and the total is always quantity × unit price. A new line
 * may only use an attivo service; lines already on the estimate keep theirs.
 */
export async function resolveLines(
  tx: Tx,
  items: EstimateItemValues[],
  fieldPrefix: string,
  defaultRate: LineVatRate,
  keepServiceIds: ReadonlySet<string> = new Set(),
) {
  const ids = [...new Set(items.map((i) => i.serviceId).filter((id): id is string => !!id))];
  const found = ids.length
    ? await tx
        .select({ id: services.id, name: services.name, description: services.description, status: services.status })
        .from(services)
        .where(inArray(services.id, ids))
    : [];
  const byId = new Map(found.map((s) => [s.id, s]));
  return items.map((item, index) => {
    const field = fieldPrefix ? `${fieldPrefix}.${index}.serviceId` : "serviceId";
    let description = item.description;
    if (item.serviceId) {
      const service = byId.get(item.serviceId);
      if (!service) throw invalid(field, "Servizio: servizio non trovato");
      if (service.status !== "attivo" && !keepServiceIds.has(item.serviceId))
        throw invalid(field, `Servizio: "${service.name}" non è attivo`);
      description ??= serviceLineDescription(service);
    }
    // A description filled from the catalogue is bounded like a typed one: never cut in the XML.
    if (!fitsFattura(FATTURA_LIMITS.descrizione)(description)) {
      const descriptionField = fieldPrefix ? `${fieldPrefix}.${index}.description` : "description";
      throw invalid(descriptionField, fatturaLimitMessage("Descrizione", FATTURA_LIMITS.descrizione));
    }
    const vatRate = item.vatRate ?? defaultRate;
    return {
      position: index,
      serviceId: item.serviceId,
      description: description!,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      totalPrice: lineTotal(item.quantity, item.unitPrice),
      unit: item.unit,
      notes: item.notes,
      vatRate,
      natura: vatRate === "0" ? item.natura : null,
      significantGood: item.significantGood,
    };
  });
}

type VatLineRow = {
  description: string;
  quantity: string;
  unitPrice: string;
  vatRate: string;
  natura: string | null;
  significantGood: boolean;
};

/**
 * The stored figures of an estimate, through the VAT engine (docs/domain/vat.md): a refusal (reverse
 * charge for a client without partita IVA…) is a 400 naming the field; an imponibile beyond
 * numeric(10,2) is refused too.
 */
export function totalsFor(lines: VatLineRow[], orderTotal: string | null, setup: VatSetup, itemsField = "items") {
  const totals = computeEstimateTotals(lines, orderTotal, setup.ctx, setup.defaultRate);
  if (compareMoney(totals.totalAmount, MAX_ESTIMATE_AMOUNT) > 0) {
    throw invalid("items", "Voci: il totale del preventivo supera 99.999.999,99 €");
  }
  if (!totals.vat) {
    const field = totals.vatError!.field.replace(/^items\./, `${itemsField}.`);
    throw invalid(field.startsWith("lines") || field === "treatment" ? "treatment" : field, totals.vatError!.message);
  }
  const figures = storedVatFigures(totals.vat);
  return {
    materialsCost: totals.materialsCost,
    laborCost: totals.laborCost,
    totalAmount: totals.totalAmount,
    vatAmount: figures.vatAmount,
    stampDuty: figures.stampDuty,
    grossTotal: figures.total,
    withholding: figures.withholding,
    netToPay: figures.netToPay,
  };
}

export const vatLineColumns = {
  description: estimateItems.description,
  quantity: estimateItems.quantity,
  unitPrice: estimateItems.unitPrice,
  vatRate: estimateItems.vatRate,
  natura: estimateItems.natura,
  significantGood: estimateItems.significantGood,
};

/** Recomputes and stores the totals from the lines in the database (after an item route). */
export async function refreshTotals(
  tx: Tx,
  estimate: { id: string; clientId: string; orderId: string | null; treatment: DocumentTreatment },
) {
  const lines = await tx
    .select(vatLineColumns)
    .from(estimateItems)
    .where(eq(estimateItems.estimateId, estimate.id))
    .orderBy(estimateItems.position);
  const orderTotal = await orderTotalFor(tx, estimate.orderId, estimate.orderId);
  const setup = await vatSetup(tx, await loadClient(tx, estimate.clientId), estimate.treatment);
  const totals = totalsFor(lines, orderTotal, setup);
  await tx.update(estimates).set(totals).where(eq(estimates.id, estimate.id));
  return totals;
}
