import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../deps";
import { csvFileName, sendCsv } from "../../lib/csv";
import { documentsPage, vatRegisterColumns, vatRegisterQuerySchema } from "./vat-register";

export const vatRegisterRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    "/api/exports/vat-register",
    {
      config: { access: "office" },
      schema: {
        tags: ["esportazione"],
        summary: "Registro IVA delle fatture emesse (CSV)",
        querystring: vatRegisterQuerySchema,
        produces: ["text/csv"],
      },
    },
    async (request, reply) => {
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
  );
};
