import type { Endpoint } from "../../http/endpoint";
import { clientListQuerySchema } from "@domain/clients";
import { clientTypes } from "@domain/statuses";
import type { AppDeps } from "../../deps";
import type { CsvColumn } from "../../lib/csv";
import { csvExport } from "../../http/csv";
import { listClients } from "./queries";

type Row = Awaited<ReturnType<typeof listClients>>[number];

const columns: CsvColumn<Row>[] = [
  { header: "Nome", value: (c) => c.name },
  { header: "Tipo", value: (c) => clientTypes.label(c.type) },
  { header: "Indirizzo", value: (c) => c.address },
  { header: "Città", value: (c) => c.city },
  { header: "Provincia", value: (c) => c.province },
  { header: "CAP", value: (c) => c.zipCode },
  { header: "Telefono", value: (c) => c.phone },
  { header: "E-mail", value: (c) => c.email },
  { header: "PEC", value: (c) => c.pec },
  { header: "Codice SDI", value: (c) => c.sdiCode },
  { header: "Partita IVA", value: (c) => c.vatNumber },
  { header: "Codice fiscale", value: (c) => c.fiscalCode },
  { header: "Note", value: (c) => c.notes },
  { header: "Creato il", value: (c) => c.createdAt, type: "date" },
];

/** GET /api/clients/export.csv: the clients list with the same search, type filter and order. */
export const clientExportEndpoints = ({ db }: AppDeps): Endpoint[] => {
  return [
    csvExport({
      access: "office",
      url: "/api/clients/export.csv",
      summary: "Esporta i clienti (CSV)",
      querystring: clientListQuerySchema.pick({ q: true, type: true, sort: true }),
      fileName: "clienti",
      tags: ["clienti"],
      columns,
      fetchPage: (query, limit, after) => listClients(db, { ...query, limit, offset: 0, after }),
    }),
  ];
};
