import type { Endpoint } from "../../http/endpoint";
import { documentTreatmentLabels } from "@domain/vat";
import { contactListQuerySchema } from "@domain/contacts";
import { contractListQuerySchema } from "@domain/contracts";
import { estimateListQuerySchema } from "@domain/estimates";
import { invoiceListQuerySchema } from "@domain/invoices";
import { orderListQuerySchema } from "@domain/orders";
import { serviceListQuerySchema } from "@domain/services";
import { siteListQuerySchema } from "@domain/sites";
import {
  contractStatuses,
  estimateStatuses,
  invoiceStatuses,
  orderStatuses,
  serviceStatuses,
  siteStatuses,
  supplierStatuses,
  surveyStatuses,
} from "@domain/statuses";
import { supplierListQuerySchema } from "@domain/suppliers";
import { surveyListQuerySchema } from "@domain/surveys";
import type { AppDeps } from "../../deps";
import type { CsvColumn } from "../../lib/csv";
import { csvExport } from "../../http/csv";
import { listContacts } from "../contacts/queries";
import { listContracts } from "../contracts/queries";
import { listEstimates } from "../estimates/queries";
import { listInvoices } from "../invoices/queries";
import { listOrders } from "../orders/queries";
import { listServices } from "../services/queries";
import { listSites } from "../sites/queries";
import { listSuppliers } from "../suppliers/queries";
import { listSurveys } from "../surveys/queries";

// "Esporta CSV" of every admin list (issue 8), each with the list's own query function and
// filters: GET /api/<list>/export.csv?<the list's q, filters and sort>. The clients export
// lives in its module (clients/export.ts) as the first example of the pattern.

type RowOf<F extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>[number];

const contactColumns: CsvColumn<RowOf<typeof listContacts>>[] = [
  { header: "Nome", value: (r) => r.name },
  { header: "Cliente", value: (r) => r.clientName ?? "Cliente non trovato" },
  { header: "Ruolo", value: (r) => r.role ?? "Non specificato" },
  { header: "Telefono", value: (r) => r.phone },
  { header: "E-mail", value: (r) => r.email },
  { header: "Note", value: (r) => r.notes },
  { header: "Creato il", value: (r) => r.createdAt, type: "date" },
];

const surveyColumns: CsvColumn<RowOf<typeof listSurveys>>[] = [
  { header: "Data", value: (r) => r.date, type: "date" },
  { header: "Ora", value: (r) => r.time },
  { header: "Cliente", value: (r) => r.clientName },
  { header: "Contatto", value: (r) => r.contactName },
  { header: "Indirizzo", value: (r) => r.address },
  { header: "Descrizione", value: (r) => r.description },
  { header: "Stato", value: (r) => surveyStatuses.label(r.status) },
  { header: "Tipo", value: (r) => r.surveyType },
  { header: "Urgenza", value: (r) => r.urgencyLevel },
  { header: "Richiamo", value: (r) => r.followUpRequired, type: "boolean" },
  { header: "Data richiamo", value: (r) => r.followUpDate, type: "date" },
  { header: "Note", value: (r) => r.notes },
];

const serviceColumns: CsvColumn<RowOf<typeof listServices>>[] = [
  { header: "Nome", value: (r) => r.name },
  { header: "Categoria", value: (r) => r.category },
  { header: "Prezzo unitario", value: (r) => r.unitPrice, type: "money" },
  { header: "Unità", value: (r) => r.unit },
  { header: "Stato", value: (r) => serviceStatuses.label(r.status) },
  { header: "Descrizione", value: (r) => r.description },
  { header: "Note", value: (r) => r.notes },
];

const estimateColumns: CsvColumn<RowOf<typeof listEstimates>>[] = [
  { header: "Numero", value: (r) => r.number },
  { header: "Cliente", value: (r) => r.clientName },
  { header: "Titolo", value: (r) => r.title },
  { header: "Stato", value: (r) => estimateStatuses.label(r.status) },
  { header: "Imponibile", value: (r) => r.totalAmount, type: "money" },
  { header: "Trattamento IVA", value: (r) => documentTreatmentLabels[r.treatment] },
  { header: "Importo IVA", value: (r) => r.vatAmount, type: "money" },
  { header: "Totale", value: (r) => r.grossTotal, type: "money" },
  { header: "Ritenuta", value: (r) => r.withholding, type: "money" },
  { header: "Netto a pagare", value: (r) => r.netToPay, type: "money" },
  { header: "Materiali", value: (r) => r.materialsCost, type: "money" },
  { header: "Manodopera", value: (r) => r.laborCost, type: "money" },
  { header: "Data", value: (r) => r.createdAt, type: "date" },
  { header: "Scadenza", value: (r) => r.expiresAt, type: "date" },
];

const siteColumns: CsvColumn<RowOf<typeof listSites>>[] = [
  { header: "Nome", value: (r) => r.name },
  { header: "Cliente", value: (r) => r.clientName },
  { header: "Preventivo", value: (r) => r.estimateNumber },
  { header: "Indirizzo", value: (r) => r.address },
  { header: "Stato", value: (r) => siteStatuses.label(r.status) },
  { header: "In ritardo", value: (r) => r.late, type: "boolean" },
  { header: "Avanzamento %", value: (r) => r.progress, type: "integer" },
  { header: "Inizio", value: (r) => r.startDate, type: "date" },
  { header: "Fine prevista", value: (r) => r.estimatedEndDate, type: "date" },
  { header: "Fine", value: (r) => r.endDate, type: "date" },
  { header: "Budget stimato", value: (r) => r.estimatedBudget, type: "money" },
  { header: "Responsabile", value: (r) => r.siteManager },
];

const contractColumns: CsvColumn<RowOf<typeof listContracts>>[] = [
  { header: "Numero", value: (r) => r.number },
  { header: "Cliente", value: (r) => r.clientName },
  { header: "Preventivo", value: (r) => r.estimateNumber },
  { header: "Titolo preventivo", value: (r) => r.estimateTitle },
  { header: "Valore", value: (r) => r.estimateTotal, type: "money" },
  { header: "Stato", value: (r) => contractStatuses.label(r.status) },
  { header: "Data firma", value: (r) => r.signedDate ?? "Non firmato" },
  { header: "Creato il", value: (r) => r.createdAt, type: "date" },
];

const invoiceColumns: CsvColumn<RowOf<typeof listInvoices>>[] = [
  { header: "Numero", value: (r) => r.number ?? "bozza" },
  { header: "Contratto", value: (r) => r.contractNumber },
  { header: "Cliente", value: (r) => r.clientName },
  { header: "Tipo", value: (r) => r.kind },
  { header: "Imponibile", value: (r) => r.amount, type: "money" },
  { header: "IVA", value: (r) => r.vatAmount, type: "money" },
  { header: "Bollo", value: (r) => r.stampDuty, type: "money" },
  { header: "Totale", value: (r) => r.totalAmount, type: "money" },
  { header: "Ritenuta", value: (r) => r.withholding, type: "money" },
  { header: "Netto a pagare", value: (r) => r.netToPay, type: "money" },
  { header: "Emissione", value: (r) => r.issueDate, type: "date" },
  { header: "Scadenza", value: (r) => r.dueDate, type: "date" },
  { header: "Pagata il", value: (r) => r.paidDate, type: "date" },
  { header: "Stato", value: (r) => (r.dueState === "overdue" ? "Scaduta" : invoiceStatuses.label(r.status)) },
];

const supplierColumns: CsvColumn<RowOf<typeof listSuppliers>>[] = [
  { header: "Ragione sociale", value: (r) => r.name },
  { header: "Referente", value: (r) => r.contactPerson },
  { header: "Partita IVA", value: (r) => r.vatNumber },
  { header: "Indirizzo", value: (r) => r.address },
  { header: "Città", value: (r) => r.city },
  { header: "Provincia", value: (r) => r.province },
  { header: "CAP", value: (r) => r.zipCode },
  { header: "Telefono", value: (r) => r.phone },
  { header: "E-mail", value: (r) => r.email },
  { header: "Sito web", value: (r) => r.website },
  { header: "Stato", value: (r) => supplierStatuses.label(r.status) },
];

const orderColumns: CsvColumn<RowOf<typeof listOrders>>[] = [
  { header: "Numero", value: (r) => r.number },
  { header: "Titolo", value: (r) => r.title },
  { header: "Fornitore", value: (r) => r.supplierName },
  { header: "Cantiere", value: (r) => r.constructionSiteName },
  { header: "Data ordine", value: (r) => r.orderDate, type: "date" },
  { header: "Consegna prevista", value: (r) => r.expectedDeliveryDate, type: "date" },
  { header: "Importo", value: (r) => r.totalAmount, type: "money" },
  { header: "Stato", value: (r) => orderStatuses.label(r.status) },
];

export const exportEndpoints = ({ db }: AppDeps): Endpoint[] => {
  return [
    // Admin routes: the client scope of the shared list queries is null (everything).
    csvExport({
      access: "office",
      url: "/api/contacts/export.csv",
      summary: "Esporta i contatti (CSV)",
      querystring: contactListQuerySchema,
      fileName: "contatti",
      columns: contactColumns,
      fetchPage: (q, limit, after) => listContacts(db, { ...q, limit, offset: 0, after }),
    }),
    csvExport({
      access: "office",
      url: "/api/surveys/export.csv",
      summary: "Esporta i sopralluoghi (CSV)",
      querystring: surveyListQuerySchema,
      fileName: "sopralluoghi",
      columns: surveyColumns,
      fetchPage: (q, limit, after) => listSurveys(db, { ...q, limit, offset: 0, after }, null),
    }),
    csvExport({
      access: "office",
      url: "/api/services/export.csv",
      summary: "Esporta il listino delle lavorazioni (CSV)",
      querystring: serviceListQuerySchema,
      fileName: "servizi",
      columns: serviceColumns,
      fetchPage: (q, limit, after) => listServices(db, { ...q, limit, offset: 0, after }),
    }),
    csvExport({
      access: "office",
      url: "/api/estimates/export.csv",
      summary: "Esporta i preventivi (CSV)",
      querystring: estimateListQuerySchema,
      fileName: "preventivi",
      columns: estimateColumns,
      fetchPage: (q, limit, after) => listEstimates(db, { ...q, limit, offset: 0, after }, null),
    }),
    csvExport({
      access: "office",
      url: "/api/construction-sites/export.csv",
      summary: "Esporta i cantieri (CSV)",
      querystring: siteListQuerySchema,
      fileName: "cantieri",
      columns: siteColumns,
      fetchPage: (q, limit, after) => listSites(db, { ...q, limit, offset: 0, after }, null),
    }),
    csvExport({
      access: "office",
      url: "/api/contracts/export.csv",
      summary: "Esporta i contratti (CSV)",
      querystring: contractListQuerySchema,
      fileName: "contratti",
      columns: contractColumns,
      fetchPage: (q, limit, after) => listContracts(db, { ...q, limit, offset: 0, after }, null),
    }),
    csvExport({
      access: "office",
      url: "/api/invoices/export.csv",
      summary: "Esporta le fatture (CSV)",
      querystring: invoiceListQuerySchema,
      fileName: "fatture",
      columns: invoiceColumns,
      fetchPage: (q, limit, after) => listInvoices(db, { ...q, limit, offset: 0, after }, null),
    }),
    csvExport({
      access: "office",
      url: "/api/suppliers/export.csv",
      summary: "Esporta i fornitori (CSV)",
      querystring: supplierListQuerySchema,
      fileName: "fornitori",
      columns: supplierColumns,
      fetchPage: (q, limit, after) => listSuppliers(db, { ...q, limit, offset: 0, after }),
    }),
    csvExport({
      access: "office",
      url: "/api/orders/export.csv",
      summary: "Esporta gli ordini ai fornitori (CSV)",
      querystring: orderListQuerySchema,
      fileName: "ordini",
      columns: orderColumns,
      fetchPage: (q, limit, after) => listOrders(db, { ...q, limit, offset: 0, after }),
    }),
  ];
};
