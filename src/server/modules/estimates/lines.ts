import { eq, inArray } from "drizzle-orm";
import { compareMoney, lineTotal } from "@domain/money";
import {
  computeEstimateTotals,
  MAX_ESTIMATE_AMOUNT,
  serviceLineDescription,
  type EstimateItemValues,
} from "@domain/estimates";
import { defaultVatTreatment, type ClientType, type VatTreatment } from "@domain/statuses";
import type { Tx } from "../../db/client";
import { clients, estimateItems, estimates, orders, services, surveys } from "../../db/schema";
import { badRequest } from "../../http/errors";

// The checks and computations shared by the estimate writes: references, lines from the
// catalogue, and the totals the server stores (client-sent totals never reach the database).

const invalid = (field: string, message: string) => badRequest(`Dati non validi. ${message}`, { [field]: message });

export async function loadClient(tx: Tx, clientId: string) {
  const [client] = await tx
    .select({ id: clients.id, name: clients.name, type: clients.type })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!client) throw invalid("clientId", "Cliente: cliente non trovato");
  return client;
}

export function treatmentFor(chosen: VatTreatment | null, clientType: ClientType): VatTreatment {
  return chosen ?? defaultVatTreatment(clientType);
}

/** The survey must belong to the estimate's client. */
export async function checkSurvey(tx: Tx, surveyId: string | null, clientId: string) {
  if (!surveyId) return;
  const [survey] = await tx.select({ clientId: surveys.clientId }).from(surveys).where(eq(surveys.id, surveyId));
  if (!survey) throw invalid("surveyId", "Sopralluogo: sopralluogo non trovato");
  if (survey.clientId !== clientId) throw invalid("surveyId", "Sopralluogo: appartiene a un altro cliente");
}

/**
 * The attached order's total. Only a confermato order may be attached (specification §4); one
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
    return {
      position: index,
      serviceId: item.serviceId,
      description: description!,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      totalPrice: lineTotal(item.quantity, item.unitPrice),
      unit: item.unit,
      notes: item.notes,
    };
  });
}

/** The stored figures of an estimate, refusing an imponibile beyond numeric(10,2). */
export function totalsFor(
  lines: { quantity: string; unitPrice: string }[],
  orderTotal: string | null,
  treatment: VatTreatment,
) {
  const totals = computeEstimateTotals(lines, orderTotal, treatment);
  if (compareMoney(totals.totalAmount, MAX_ESTIMATE_AMOUNT) > 0) {
    throw invalid("items", "Voci: il totale del preventivo supera 99.999.999,99 €");
  }
  return {
    materialsCost: totals.materialsCost,
    laborCost: totals.laborCost,
    totalAmount: totals.totalAmount,
    vatAmount: totals.vatAmount,
    grossTotal: totals.grossTotal,
  };
}

/** Recomputes and stores the totals from the lines in the database (after an item route). */
export async function refreshTotals(
  tx: Tx,
  estimate: { id: string; orderId: string | null; vatTreatment: VatTreatment },
) {
  const lines = await tx
    .select({ quantity: estimateItems.quantity, unitPrice: estimateItems.unitPrice })
    .from(estimateItems)
    .where(eq(estimateItems.estimateId, estimate.id));
  const orderTotal = await orderTotalFor(tx, estimate.orderId, estimate.orderId);
  const totals = totalsFor(lines, orderTotal, estimate.vatTreatment);
  await tx.update(estimates).set(totals).where(eq(estimates.id, estimate.id));
  return totals;
}
