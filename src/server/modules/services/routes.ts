import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../deps";

export const serviceRoutes: FastifyPluginAsyncZod<AppDeps> = async () => {};
