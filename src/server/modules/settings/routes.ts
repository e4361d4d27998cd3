import { endpoint, type Endpoint } from "../../http/endpoint";
import {
  detectLogoType,
  LOGO_MAX_BYTES,
  LOGO_SIZE_ERROR,
  LOGO_TYPE_ERROR,
  publicCompanySchema,
  settingsInputSchema,
  settingsSchema,
} from "@domain/settings";
import { companyGapsMessage, companyInvoicingGaps } from "@domain/company-readiness";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { isPrintableImage } from "../../documents/pdf/logo";
import { notModified } from "../../http/stored-document";
import { badRequest, notFound } from "../../http/errors";
import { imageTooLarge, LOGO_IMAGE_LIMITS } from "../../lib/image-dimensions";
import { storageFor } from "../../storage";
import { getSettings, logoUrlOf, toSettings } from "./queries";
import { replaceLogo, updateSettings } from "./service";
import { actorOf } from "../../auth/actor";

const LOGO_DAMAGED_ERROR = "Il logo è danneggiato o non leggibile: salvalo di nuovo come PNG o JPEG";

export const settingsEndpoints = ({ db, config }: AppDeps): Endpoint[] => {
  // One small file per request; multipart parsing exists only for the logo upload (http/register.ts).
  const multipartOptions = {
    throwFileSizeLimit: false,
    limits: { fileSize: LOGO_MAX_BYTES + 1, files: 1, fields: 2, parts: 3 },
  };
  const storage = storageFor(config, db);
  return [
    endpoint({
      method: "GET",
      url: "/api/company",
      access: "public",
      summary: "Nome, recapiti e logo dell'impresa (pubblici)",
      schema: { tags: ["impostazioni"], response: { 200: publicCompanySchema } },
      handler: async () => {
        const s = await getSettings(db);
        return {
          companyName: s.companyName,
          phone: s.phone,
          email: s.email,
          logoUrl: logoUrlOf(s),
          regimeFiscale: s.regimeFiscale,
          defaultVatRate: s.defaultVatRate,
        };
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/company/logo",
      access: "public",
      summary: "Il logo dell'impresa",
      schema: { tags: ["impostazioni"], querystring: z.object({ v: z.string().max(300).optional() }) },
      handler: async (request, reply) => {
        const s = await getSettings(db);
        const info = s.logoKey && s.logoMime ? await storage.info(s.logoKey) : null;
        if (!info || !s.logoKey || !s.logoMime) throw notFound("Logo non trovato");
        // The strong ETag "sha256" of the bytes; 304 to a browser that already has them.
        const etag = `"${info.sha256}"`;
        reply.header("ETag", etag);
        if (notModified(request, etag)) return reply.status(304).header("Cache-Control", "public, max-age=3600").send();
        const data = await storage.get(s.logoKey);
        if (!data) throw notFound("Logo non trovato");
        return reply
          .type(s.logoMime)
          .header("Cache-Control", "public, max-age=3600")
          .header("Content-Disposition", "inline")
          .send(data);
      },
    }),

    // First run (issue 28): what the company record lacks for invoicing, in the words of the caller's role.
    endpoint({
      method: "GET",
      url: "/api/company/invoicing-readiness",
      access: "office",
      summary: "Dati dell'impresa che mancano per fatturare",
      schema: {
        tags: ["impostazioni"],
        response: { 200: z.object({ missing: z.array(z.string()), message: z.string().nullable() }) },
      },
      handler: async (request) => {
        const missing = companyInvoicingGaps(await getSettings(db));
        const audience = request.user?.role === "admin" ? "admin" : "office";
        return { missing, message: missing.length ? companyGapsMessage(missing, audience) : null };
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/settings",
      access: "admin",
      summary: "Impostazioni dell'impresa",
      schema: { tags: ["impostazioni"], response: { 200: settingsSchema } },
      handler: async () => toSettings(await getSettings(db)),
    }),

    endpoint({
      method: "PUT",
      url: "/api/settings",
      access: "admin",
      summary: "Modifica le impostazioni dell'impresa",
      schema: { tags: ["impostazioni"], body: settingsInputSchema, response: { 200: settingsSchema } },
      handler: async (request) => toSettings(await updateSettings(db, actorOf(request), request.body)),
    }),

    endpoint({
      method: "POST",
      url: "/api/settings/logo",
      access: "admin",
      summary: "Carica il logo dell'impresa",
      schema: { tags: ["impostazioni"], consumes: ["multipart/form-data"], response: { 200: settingsSchema } },
      multipart: multipartOptions,
      handler: async (request) => {
        if (!request.isMultipart())
          throw badRequest("La richiesta deve contenere un file (multipart/form-data)", { logo: "Scegli un'immagine" });
        const file = await request.file();
        if (!file) throw badRequest("Nessun file ricevuto: scegli un'immagine", { logo: "Scegli un'immagine" });
        const data = await file.toBuffer();
        if (file.file.truncated || data.length > LOGO_MAX_BYTES)
          throw badRequest(LOGO_SIZE_ERROR, { logo: LOGO_SIZE_ERROR });
        const type = detectLogoType(data);
        if (!type) throw badRequest(LOGO_TYPE_ERROR, { logo: LOGO_TYPE_ERROR });
        // Pixel size from the header before anything inflates it: the logo is printed in every PDF.
        const tooLarge = imageTooLarge(data, file.filename || "logo", LOGO_IMAGE_LIMITS, LOGO_DAMAGED_ERROR);
        if (tooLarge) throw badRequest(tooLarge, { logo: tooLarge });
        // A damaged image with the right first bytes would make every PDF fail: print it once now.
        if (!isPrintableImage(data, type.mime)) throw badRequest(LOGO_DAMAGED_ERROR, { logo: LOGO_DAMAGED_ERROR });
        return toSettings(await replaceLogo(db, storage, actorOf(request), { data, ...type }));
      },
    }),

    endpoint({
      method: "DELETE",
      url: "/api/settings/logo",
      access: "admin",
      summary: "Rimuove il logo dell'impresa",
      schema: { tags: ["impostazioni"], response: { 200: settingsSchema } },
      handler: async (request) => toSettings(await replaceLogo(db, storage, actorOf(request), null)),
    }),
  ];
};
