import { endpoint, type Endpoint } from "../../http/endpoint";
import type { AppDeps } from "../../deps";
import { csvFileName } from "../../lib/csv";
import { sendCsv } from "../../http/csv";
import { documentsPage, vatRegisterColumns, vatRegisterQuerySchema } from "./vat-register";

export const vatRegisterEndpoints = ({ db }: AppDeps): Endpoint[] => {
  return [
    endpoint({
      method: "GET",
      url: "/api/exports/vat-register",
      access: "office",
      summary: "Registro IVA delle fatture emesse (CSV)",
      schema: {
        tags: ["esportazione"],
        querystring: vatRegisterQuerySchema,
        produces: ["text/csv"],
      },
      handler: async (request, reply) => {
        const { from, to } = request.query;
        const PAGE = 200;
        async function* rows() {
          for (let offset = 0; ; offset += PAGE) {
            const page = await documentsPage(db, from, to, PAGE, offset);
            if (page.rows.length) yield page.rows;
            if (page.documents < PAGE) return;
          }
        }
        return sendCsv(reply, csvFileName(`registro-iva-${from}-${to}`), vatRegisterColumns, rows());
      },
    }),
  ];
};
