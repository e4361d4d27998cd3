import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { addDays } from "@domain/dates";
import { splitMaterialsLabour } from "@domain/money";
import { documentVat, storedVatFigures, vatContextOf, type VatLineInput } from "@domain/vat";
import {
  clients,
  constructionSites,
  contracts,
  estimateItems,
  estimates,
  invoiceLines,
  invoicePayments,
  invoices,
} from "../../db/schema";
import type { DemoContext } from "../../demo/context";
import { nextDocumentNumber } from "../../lib/numbering";
import { DEFAULT_CONTRACT_TERMS } from "../contracts/create-contract";

/**
 * The demo portal login ("cliente") must show a lively portal: an estimate to accept, work in
 * progress, a completed project, an invoice to pay and a paid one. Runs after the document
 * seeders: it gives the portal client a few of their estimates (each with what descends from it)
 * and creates only what is still missing.
 */
export async function seedPortalDemo(ctx: DemoContext) {
  const clientId = ctx.ids.portalClient?.[0];
  if (!clientId) return;
  const { db, today } = ctx;

  const has = async () => {
    const [row] = await db
      .select({
        sent: sql<number>`(select count(*) from estimates e where e.client_id = ${clientId} and e.status = 'inviato' and e.expires_at >= ${today})`.mapWith(
          Number,
        ),
        running:
          sql<number>`(select count(*) from construction_sites s join estimates e on e.id = s.estimate_id where e.client_id = ${clientId} and s.status = 'in_corso')`.mapWith(
            Number,
          ),
        done: sql<number>`(select count(*) from construction_sites s join estimates e on e.id = s.estimate_id where e.client_id = ${clientId} and s.status = 'completato')`.mapWith(
          Number,
        ),
        pending:
          sql<number>`(select count(*) from invoices i join contracts c on c.id = i.contract_id join estimates e on e.id = c.estimate_id where e.client_id = ${clientId} and i.status = 'inviata')`.mapWith(
            Number,
          ),
      })
      .from(sql`(select 1) as one`);
    return row!;
  };

  // 1. Borrow existing documents from other clients: an estimate moves with its sites,
  //    contract and invoices, and loses its survey (which belongs to the old client).
  const borrow = async (estimateIds: string[]) => {
    if (estimateIds.length === 0) return;
    await db.update(estimates).set({ clientId, surveyId: null }).where(inArray(estimates.id, estimateIds));
  };
  let state = await has();
  if (state.sent === 0) {
    const rows = await db
      .select({ id: estimates.id })
      .from(estimates)
      .where(
        and(ne(estimates.clientId, clientId), eq(estimates.status, "inviato"), sql`${estimates.expiresAt} >= ${today}`),
      )
      .orderBy(asc(estimates.createdAt))
      .limit(1);
    await borrow(rows.map((r) => r.id));
  }
  for (const status of ["in_corso", "completato"] as const) {
    state = await has();
    if ((status === "in_corso" ? state.running : state.done) > 0) continue;
    const rows = await db
      .select({ id: constructionSites.estimateId })
      .from(constructionSites)
      .innerJoin(estimates, eq(estimates.id, constructionSites.estimateId))
      .where(and(ne(estimates.clientId, clientId), eq(constructionSites.status, status)))
      .limit(1);
    await borrow(rows.map((r) => r.id));
  }
  state = await has();
  if (state.pending === 0) {
    const rows = await db
      .select({ id: contracts.estimateId })
      .from(invoices)
      .innerJoin(contracts, eq(contracts.id, invoices.contractId))
      .innerJoin(estimates, eq(estimates.id, contracts.estimateId))
      .where(and(ne(estimates.clientId, clientId), eq(invoices.status, "inviata")))
      .limit(1);
    await borrow(rows.map((r) => r.id));
  }

  // 2. Whatever the other seeders did not provide, created here with real numbers.
  state = await has();
  const year = Number(today.slice(0, 4));
  const [portalClient] = await db
    .select({ type: clients.type, vatNumber: clients.vatNumber, withholdingAgent: clients.withholdingAgent })
    .from(clients)
    .where(eq(clients.id, clientId));
  // Renovation of the client's home: 10 % (docs/domain/vat.md), through the one VAT engine.
  const demoVat = vatContextOf(portalClient ?? { type: "privato", vatNumber: null }, "RF01", "ordinary");
  const demoLine = (description: string, amount: string): VatLineInput => ({
    description,
    quantity: "1",
    unitPrice: amount,
    vatRate: "10",
    natura: null,
    significantGood: false,
  });
  await db.transaction(async (tx) => {
    const makeEstimate = async (
      status: "inviato" | "accettato",
      title: string,
      imponibile: string,
      created: string,
    ) => {
      const { number } = await nextDocumentNumber(tx, "PRV", year);
      const totals = storedVatFigures(documentVat(demoVat, [demoLine(title, imponibile)]));
      const { materials: materialsCost, labour: laborCost } = splitMaterialsLabour(imponibile);
      const [row] = await tx
        .insert(estimates)
        .values({
          number,
          clientId,
          title,
          description: `${title}: fornitura e posa in opera, smaltimento del materiale rimosso, ponteggi e opere di sicurezza.`,
          materialsCost,
          laborCost,
          totalAmount: imponibile,
          vatAmount: totals.vatAmount,
          grossTotal: totals.total,
          withholding: totals.withholding,
          netToPay: totals.netToPay,
          status,
          validityDays: 30,
          expiresAt: addDays(created, 30),
          sentAt: `${created}T09:00:00Z`,
          acceptedAt: status === "accettato" ? `${addDays(created, 3)}T18:30:00Z` : null,
          acceptedBy: status === "accettato" ? "Cliente demo" : null,
          createdAt: `${created}T08:00:00Z`,
        })
        .returning();
      await tx.insert(estimateItems).values({
        estimateId: row!.id,
        description: title,
        quantity: "1.00",
        unitPrice: imponibile,
        totalPrice: imponibile,
        unit: "pz",
        vatRate: "10",
      });
      return row!;
    };
    if (state.sent === 0)
      await makeEstimate("inviato", "Rifacimento manto di copertura", "8400.00", addDays(today, -5));
    if (state.running === 0 || state.done === 0 || state.pending === 0) {
      const accepted = await makeEstimate("accettato", "Impermeabilizzazione terrazzo", "5200.00", addDays(today, -90));
      const { number } = await nextDocumentNumber(tx, "CTR", year);
      const [contract] = await tx
        .insert(contracts)
        .values({
          number,
          estimateId: accepted.id,
          terms: DEFAULT_CONTRACT_TERMS,
          status: "attivo",
          signedDate: addDays(today, -85),
        })
        .returning();
      const site = (name: string, status: "in_corso" | "completato", progress: number, start: number, end: number) =>
        tx.insert(constructionSites).values({
          estimateId: accepted.id,
          name,
          address: "Via Garibaldi 12",
          status,
          progress,
          startDate: addDays(today, start),
          estimatedEndDate: addDays(today, end),
          endDate: status === "completato" ? addDays(today, end) : null,
          notes: "Rimozione della vecchia guaina, posa di guaina bituminosa doppio strato e nuovi scarichi.",
        });
      if (state.running === 0) await site("Terrazzo condominiale", "in_corso", 60, -20, 25);
      if (state.done === 0) await site("Lattonerie e grondaie", "completato", 100, -80, -50);
      const invoice = async (status: "inviata" | "pagata", amount: string, issued: string) => {
        const n = await nextDocumentNumber(tx, "FAT", year);
        const line = demoLine("Acconto sui lavori di impermeabilizzazione del terrazzo", amount);
        const totals = storedVatFigures(documentVat(demoVat, [line]));
        const [row] = await tx
          .insert(invoices)
          .values({
            number: n.number,
            year: n.year,
            sequence: n.sequence,
            contractId: contract!.id,
            kind: "acconto",
            amount,
            vatAmount: totals.vatAmount,
            totalAmount: totals.total,
            withholding: totals.withholding,
            netToPay: totals.netToPay,
            issueDate: issued,
            dueDate: addDays(issued, 30),
            paidDate: status === "pagata" ? addDays(issued, 20) : null,
            paidAmount: status === "pagata" ? totals.netToPay : "0",
            status,
            sentAt: `${issued}T10:00:00Z`,
          })
          .returning({ id: invoices.id });
        await tx.insert(invoiceLines).values({
          invoiceId: row!.id,
          position: 0,
          description: line.description,
          quantity: "1",
          unit: "a corpo",
          unitPrice: amount,
          vatRate: "10",
          lineTotal: amount,
        });
        if (status === "pagata")
          await tx
            .insert(invoicePayments)
            .values({ invoiceId: row!.id, date: addDays(issued, 20), amount: totals.netToPay, method: "bonifico" });
      };
      await invoice("pagata", "1560.00", addDays(today, -60));
      if (state.pending === 0) await invoice("inviata", "2080.00", addDays(today, -10));
    }
  });
}
