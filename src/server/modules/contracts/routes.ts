import { crudEndpoints } from "../../http/crud";
import { endpoint, type Endpoint } from "../../http/endpoint";
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
import { renderContractPdf } from "./pdf";
import { storedPdfOrFreeze } from "../../documents/store";
import { sendRenderedPdf, sendStoredDocument } from "../../http/stored-document";
import {
  contractEstimateOptions,
  countContracts,
  findContractWithParties,
  getContractDetail,
  contractKeyset,
  listContracts,
} from "./queries";
import { CONTRACT_NOT_FOUND, createContract, deleteContract, transitionContract, updateContractTerms } from "./service";
import { withPdfSlot } from "../../http/pdf-slot";
import { actorOf } from "../../auth/actor";

const tags = ["contratti"];
const SUMMARY_OF_ACTION: Record<Exclude<ContractAction, "sign">, string> = {
  activate: "Avvia il contratto (lavori in corso)",
  complete: "Chiude il contratto come completato",
};

/** Contracts (docs/domain/api.md, docs/domain/statuses.md): one per accepted estimate, explicit transitions, PDF. Portal users read their own. */
export const contractEndpoints = ({ db, config }: AppDeps): Endpoint[] => {
  return [
    ...crudEndpoints({
      base: "/api/contracts",
      tags,
      access: { read: "office", write: "office" },
      row: contractSchema,
      list: {
        summary: "Elenco dei contratti",
        query: contractListQuerySchema,
        response: z.array(contractListItemSchema),
        keyset: contractKeyset,
        rows: (query, ks) => listContracts(db, query, null, ks),
        count: (query) => countContracts(db, query, null),
      },
      read: {
        summary: "Un contratto con preventivo, cliente e fatture",
        response: contractDetailSchema,
        find: (id) => getContractDetail(db, id, null),
        notFound: CONTRACT_NOT_FOUND,
      },
      create: {
        summary: "Crea un contratto da un preventivo accettato",
        body: contractCreateSchema,
        run: (actor, body) => createContract(db, actor, body.estimateId),
      },
      update: { summary: "Modifica le condizioni di un contratto in bozza", body: contractUpdateSchema, run: (actor, id, body) => updateContractTerms(db, actor, id, body) },
      remove: { summary: "Elimina un contratto in bozza senza fatture", run: (actor, id) => deleteContract(db, actor, id) },
    }),

    endpoint({
      method: "GET",
      url: "/api/contracts/estimate-options",
      access: "office",
      summary: "Preventivi accettati ancora senza contratto",
      schema: {
        tags,
        querystring: optionsQuery,
        response: { 200: z.array(contractEstimateOptionSchema) },
      },
      handler: async (request) => contractEstimateOptions(db, request.query.q, request.query.limit),
    }),

    endpoint({
      method: "GET",
      url: "/api/contracts/:id/pdf",
      access: "office",
      summary: "PDF del contratto",
      schema: {
        tags,
        params: idParams,
        querystring: z.object({ download: z.enum(["0", "1"]).optional() }),
        response: { 200: z.any().describe("application/pdf"), 304: z.null().describe("Non modificato (ETag)") },
      },
      handler: async (request, reply) => {
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
    }),

    endpoint({
      method: "POST",
      url: "/api/contracts/:id/sign",
      access: "office",
      summary: "Segna il contratto come firmato",
      schema: { tags, params: idParams, body: contractSignSchema, response: { 200: contractSchema } },
      handler: async (request) => transitionContract(db, actorOf(request), request.params.id, "sign", request.body.signedDate, config),
    }),
    ...(["activate", "complete"] as const satisfies ContractAction[]).map((action) =>
      endpoint({
        method: "POST",
        url: `/api/contracts/:id/${action}`,
        access: "office",
        summary: SUMMARY_OF_ACTION[action],
        schema: { tags, params: idParams, response: { 200: contractSchema } },
        handler: async (request) => transitionContract(db, actorOf(request), request.params.id, action),
      }),
    ),
  ];
};
