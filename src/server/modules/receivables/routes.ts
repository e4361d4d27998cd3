import { endpoint, type Endpoint } from "../../http/endpoint";
import { todayIso } from "@domain/dates";
import { agingBucketLabels, receivablesQuerySchema, receivablesSchema } from "@domain/payments";
import type { AppDeps } from "../../deps";
import type { CsvColumn } from "../../lib/csv";
import { csvExport } from "../../http/csv";
import { listReceivables, receivableTotals } from "./queries";

type Row = Awaited<ReturnType<typeof listReceivables>>[number];

const columns: CsvColumn<Row>[] = [
  { header: "Numero", value: (r) => r.number },
  { header: "Cliente", value: (r) => r.clientName },
  { header: "Emissione", value: (r) => r.issueDate, type: "date" },
  { header: "Scadenza", value: (r) => r.dueDate, type: "date" },
  { header: "Giorni di ritardo", value: (r) => r.daysPastDue, type: "integer" },
  { header: "Fascia", value: (r) => agingBucketLabels[r.bucket] },
  { header: "Totale", value: (r) => r.totalAmount, type: "money" },
  { header: "Incassato", value: (r) => r.paidAmount, type: "money" },
  { header: "Residuo", value: (r) => r.remainder, type: "money" },
  { header: "Solleciti", value: (r) => r.remindersSent, type: "integer" },
];

/** The scadenzario (docs/domain/invoices.md): office only, like every invoice route. */
export const receivableEndpoints = ({ db }: AppDeps): Endpoint[] => {
  return [
    csvExport({
      access: "office",
      url: "/api/receivables/export.csv",
      summary: "Esporta lo scadenzario (CSV)",
      querystring: receivablesQuerySchema.omit({ limit: true, offset: true }),
      fileName: "scadenzario",
      columns,
      fetchOffsetPage: (q, limit, offset) => listReceivables(db, q, limit, offset, todayIso()),
    }),

    endpoint({
      method: "GET",
      url: "/api/receivables",
      access: "office",
      summary: "Scadenzario: fatture emesse da incassare, per giorni di ritardo",
      schema: {
        tags: ["fatture"],
        querystring: receivablesQuerySchema,
        response: { 200: receivablesSchema },
      },
      handler: async (request) => {
        const today = todayIso();
        const { limit, offset, ...params } = request.query;
        const rows = await listReceivables(db, params, limit, offset, today);
        return { rows, ...(await receivableTotals(db, params, today)) };
      },
    }),
  ];
};
