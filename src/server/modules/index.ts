import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authRoutes } from "../auth/routes";
import type { AppDeps } from "../deps";
import { clientRoutes } from "./clients/routes";
import { healthRoutes } from "./health/routes";

/** Every route plugin of the API, each a feature folder; app.ts registers them in this order. */
export const moduleRoutes: FastifyPluginAsyncZod<AppDeps>[] = [healthRoutes, authRoutes, clientRoutes];
