import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { publicCompanySchema } from "@domain/settings";
import type { AppDeps } from "../../deps";
import { getSettings } from "./queries";

export const settingsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    "/api/company",
    { config: { access: "public" }, schema: { tags: ["impostazioni"], response: { 200: publicCompanySchema } } },
    async () => {
      const s = await getSettings(db);
      return { companyName: s.companyName, phone: s.phone, email: s.email };
    },
  );
};
