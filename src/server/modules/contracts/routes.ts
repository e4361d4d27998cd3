import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams, optionsQuery } from "@domain/common";
import {
  contractCreateSchema,
  contractDetailSchema,
  contractEstimateOptionSchema,
  contractListItemSchema,
  contractListQuerySchema,
  contractSchema,
  contractSignSchema,
  contractUpdateSchema,
  type ContractAction,
} from "@domain/contracts";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { sendKeysetPage } from "../../lib/list";
import { renderContractPdf } from "./pdf";
import { sendRenderedPdf, sendStoredDocument, storedPdfOrFreeze } from "../../documents/store";
import {
  contractEstimateOptions,
  countContracts,
  findContractWithParties,
  getContractDetail,
  contractKeyset,
  listContracts,
} from "./queries";
import { CONTRACT_NOT_FOUND, createContract, deleteContract, transitionContract, updateContractTerms } from "./service";
import { withPdfSlot } from "../../documents/pdf/limits";
import { actorOf } from "../../auth/actor";

const tags = ["contratti"];

/** Contracts (docs/domain/api.md, docs/domain/statuses.md): one per accepted estimate, explicit transitions, PDF. Portal users read their own. */
export const contractRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.get(
    "/api/contracts",
    { config: { access: "office" },
      schema: { tags, querystring: contractListQuerySchema, response: { 200: z.array(contractListItemSchema) } },
    },
    async (request, reply) => {
      const ks = contractKeyset(request.query);
      const rows = listContracts(db, request.query, null, ks);
      return sendKeysetPage(reply, ks, request.query, rows, countContracts(db, request.query, null));
    },
  );

  app.get(
    "/api/contracts/estimate-options",
    { config: { access: "office" },
      schema: {
        tags,
        summary: "Preventivi accettati ancora senza contratto",
        querystring: optionsQuery,
        response: { 200: z.array(contractEstimateOptionSchema) },
      },
    },
    async (request) => contractEstimateOptions(db, request.query.q, request.query.limit),
  );

  app.get(
    "/api/contracts/:id",
    { config: { access: "office" }, schema: { tags, params: idParams, response: { 200: contractDetailSchema } } },
    async (request) => {
      const detail = await getContractDetail(db, request.params.id, null);
      if (!detail) throw notFound(CONTRACT_NOT_FOUND);
      return detail;
    },
  );

  app.get(
    "/api/contracts/:id/pdf",
    { config: { access: "office" },
      schema: {
        tags,
        params: idParams,
        querystring: z.object({ download: z.enum(["0", "1"]).optional() }),
        response: { 200: z.any().describe("application/pdf"), 304: z.null().describe("Non modificato (ETag)") },
      },
    },
    async (request, reply) => {
      const row = await findContractWithParties(db, request.params.id, null);
      if (!row) throw notFound(CONTRACT_NOT_FOUND);
      const disposition = request.query.download === "1" ? "attachment" : "inline";
      if (row.contract.status !== "bozza") {
        // Signed: the PDF stored at signature, byte for byte.
        const stored = await storedPdfOrFreeze(db, "contract", row.contract.id, async (tx) =>
          renderContractPdf(tx, config, (await findContractWithParties(tx, row.contract.id, null))!),
        );
        return sendStoredDocument(request, reply, stored, disposition);
      }
      const { pdf, fileName } = await withPdfSlot(request, reply, () => renderContractPdf(db, config, row));
      return sendRenderedPdf(reply, pdf, fileName, disposition);
    },
  );

  app.post(
    "/api/contracts",
    { config: { access: "office" }, schema: { tags, body: contractCreateSchema, response: { 201: contractSchema } } },
    async (request, reply) => reply.status(201).send(await createContract(db, actorOf(request), request.body.estimateId)),
  );

  app.put(
    "/api/contracts/:id",
    { config: { access: "office" }, schema: { tags, params: idParams, body: contractUpdateSchema, response: { 200: contractSchema } } },
    async (request) => updateContractTerms(db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    "/api/contracts/:id",
    { config: { access: "office" }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteContract(db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/contracts/:id/sign",
    { config: { access: "office" }, schema: { tags, params: idParams, body: contractSignSchema, response: { 200: contractSchema } } },
    async (request) => transitionContract(db, actorOf(request), request.params.id, "sign", request.body.signedDate, config),
  );

  for (const action of ["activate", "complete"] as const satisfies ContractAction[]) {
    app.post(
      `/api/contracts/:id/${action}`,
      { config: { access: "office" }, schema: { tags, params: idParams, response: { 200: contractSchema } } },
      async (request) => transitionContract(db, actorOf(request), request.params.id, action),
    );
  }
};
