import { endpoint, type Endpoint } from "../../http/endpoint";
import { importParamsSchema, importQuerySchema, importResultSchema, MAX_IMPORT_BYTES } from "@domain/imports";
import type { AppDeps } from "../../deps";
import { badRequest, HttpError } from "../../http/errors";
import { readImportFile, UnsupportedFile } from "./parse";
import { runImport } from "./service";
import { actorOf } from "../../auth/actor";

const TOO_BIG = `File troppo grande: al massimo ${MAX_IMPORT_BYTES / 1024 / 1024} MB`;

/**
 * Import of clients, suppliers and services from CSV or .xlsx (issue 28): the office's. A preview
 * (commit=0) saves nothing; commit=1 saves all rows or none (skipInvalid=1: the valid ones).
 */
export const importEndpoints = ({ db }: AppDeps): Endpoint[] => {
  // One file per request; multipart parsing exists only for this route (http/register.ts).
  const multipartOptions = {
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_IMPORT_BYTES + 1, files: 1, fields: 2, parts: 3 },
  };
  return [
    endpoint({
      method: "POST",
      url: "/api/imports/:kind",
      access: "office",
      summary: "Importa clienti, contatti o listino da CSV o Excel",
      schema: {
        tags: ["importazione"],
        consumes: ["multipart/form-data"],
        params: importParamsSchema,
        querystring: importQuerySchema,
        response: { 200: importResultSchema },
      },
      multipart: multipartOptions,
      handler: async (request) => {
        if (!request.isMultipart()) throw badRequest("La richiesta deve contenere un file (multipart/form-data)", { file: "Scegli un file CSV o Excel" });
        const file = await request.file();
        if (!file) throw badRequest("Nessun file ricevuto: scegli un file CSV o Excel", { file: "Scegli un file CSV o Excel" });
        const data = await file.toBuffer();
        if (file.file.truncated || data.length > MAX_IMPORT_BYTES) throw new HttpError(413, TOO_BIG, { file: TOO_BIG });
        let sheet;
        try {
          sheet = await readImportFile(file.filename ?? "", data);
        } catch (e) {
          if (e instanceof UnsupportedFile) throw new HttpError(415, e.message, { file: e.message });
          throw e;
        }
        return runImport(db, actorOf(request), request.params.kind, sheet, {
          commit: request.query.commit === "1",
          skipInvalid: request.query.skipInvalid === "1",
        });
      },
    }),
  ];
};
