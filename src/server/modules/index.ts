import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authRoutes } from "../auth/routes";
import type { AppDeps } from "../deps";
import { activityRoutes } from "./activity/routes";
import { attachmentRoutes } from "./attachments/routes";
import { clientExportRoutes } from "./clients/export-routes";
import { complianceRoutes } from "./compliance/routes";
import { clientRoutes } from "./clients/routes";
import { contactRoutes } from "./contacts/routes";
import { contractRoutes } from "./contracts/routes";
import { dashboardRoutes } from "./dashboard/routes";
import { estimateRoutes } from "./estimates/routes";
import { exportRoutes } from "./exports/routes";
import { vatRegisterRoutes } from "./exports/vat-register-routes";
import { healthRoutes } from "./health/routes";
import { importRoutes } from "./imports/routes";
import { informationRequestRoutes } from "./information-requests/routes";
import { invoiceRoutes } from "./invoices/routes";
import { notificationRoutes } from "./notifications/routes";
import { orderRoutes } from "./orders/routes";
import { outboxRoutes } from "./outbox/routes";
import { portalRoutes } from "./portal/routes";
import { profileRoutes } from "./profile/routes";
import { receivableRoutes } from "./receivables/routes";
import { serviceRoutes } from "./services/routes";
import { settingsRoutes } from "./settings/routes";
import { siteRoutes } from "./sites/routes";
import { supplierRoutes } from "./suppliers/routes";
import { surveyRoutes } from "./surveys/routes";
import { teamRoutes } from "./team/routes";
import { userRoutes } from "./users/routes";

/** Every route plugin of the API, one per feature folder; app.ts registers them in this order. */
export const moduleRoutes: FastifyPluginAsyncZod<AppDeps>[] = [
  healthRoutes,
  authRoutes,
  profileRoutes,
  settingsRoutes,
  clientRoutes,
  contactRoutes,
  surveyRoutes,
  serviceRoutes,
  attachmentRoutes,
  estimateRoutes,
  siteRoutes,
  complianceRoutes,
  contractRoutes,
  invoiceRoutes,
  receivableRoutes,
  supplierRoutes,
  importRoutes,
  orderRoutes,
  portalRoutes,
  informationRequestRoutes,
  dashboardRoutes,
  notificationRoutes,
  activityRoutes,
  outboxRoutes,
  clientExportRoutes,
  exportRoutes,
  vatRegisterRoutes,
  teamRoutes,
  userRoutes,
];
