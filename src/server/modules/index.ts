import { authEndpoints } from "../auth/routes";
import type { AppDeps } from "../deps";
import type { Endpoint } from "../http/endpoint";
import { activityEndpoints } from "./activity/routes";
import { attachmentEndpoints } from "./attachments/routes";
import { clientExportEndpoints } from "./clients/export-routes";
import { complianceEndpoints } from "./compliance/routes";
import { clientEndpoints } from "./clients/routes";
import { contactEndpoints } from "./contacts/routes";
import { contractEndpoints } from "./contracts/routes";
import { dashboardEndpoints } from "./dashboard/routes";
import { estimateEndpoints } from "./estimates/routes";
import { exportEndpoints } from "./exports/routes";
import { vatRegisterEndpoints } from "./exports/vat-register-routes";
import { healthEndpoints } from "./health/routes";
import { importEndpoints } from "./imports/routes";
import { informationRequestEndpoints } from "./information-requests/routes";
import { invoiceEndpoints } from "./invoices/routes";
import { notificationEndpoints } from "./notifications/routes";
import { orderEndpoints } from "./orders/routes";
import { outboxEndpoints } from "./outbox/routes";
import { portalEndpoints } from "./portal/routes";
import { profileEndpoints } from "./profile/routes";
import { receivableEndpoints } from "./receivables/routes";
import { serviceEndpoints } from "./services/routes";
import { settingsEndpoints } from "./settings/routes";
import { siteEndpoints } from "./sites/routes";
import { supplierEndpoints } from "./suppliers/routes";
import { surveyEndpoints } from "./surveys/routes";
import { teamEndpoints } from "./team/routes";
import { userEndpoints } from "./users/routes";

/** Every module's endpoints, one list per feature folder (http/endpoint.ts), in this order. */
export const moduleEndpoints: ((deps: AppDeps) => Endpoint[])[] = [
  healthEndpoints,
  authEndpoints,
  profileEndpoints,
  settingsEndpoints,
  clientEndpoints,
  contactEndpoints,
  surveyEndpoints,
  serviceEndpoints,
  attachmentEndpoints,
  estimateEndpoints,
  siteEndpoints,
  complianceEndpoints,
  contractEndpoints,
  invoiceEndpoints,
  receivableEndpoints,
  supplierEndpoints,
  importEndpoints,
  orderEndpoints,
  portalEndpoints,
  informationRequestEndpoints,
  dashboardEndpoints,
  notificationEndpoints,
  activityEndpoints,
  outboxEndpoints,
  clientExportEndpoints,
  exportEndpoints,
  vatRegisterEndpoints,
  teamEndpoints,
  userEndpoints,
];

/** Every endpoint of the API as declared: http/register.ts registers exactly these (issue 29). */
export const declaredEndpoints = (deps: AppDeps): Endpoint[] => moduleEndpoints.flatMap((endpoints) => endpoints(deps));
