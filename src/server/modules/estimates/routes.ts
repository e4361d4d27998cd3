import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../deps";

export const estimateRoutes: FastifyPluginAsyncZod<AppDeps> = async () => {};
