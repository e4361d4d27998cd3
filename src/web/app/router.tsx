import { capabilityOfPage } from "@domain/roles";
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from "react";
import { Redirect, Route, Switch } from "wouter";
import { Spinner } from "@web/components/ui/spinner";
import { AdminFrame } from "./admin-frame";
import { PortalFrame } from "./portal-frame";
import { RequireRole } from "./require-role";
import { RequireTwoFactor } from "./require-two-factor";

// Every page is its own chunk: the landing page does not download the back office.
const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);
const pages = {
  landing: page(() => import("@web/features/landing/landing-page")),
  login: page(() => import("@web/features/auth/pages/login-page")),
  setup: page(() => import("@web/features/auth/pages/setup-page")),
  profile: page(() => import("@web/features/profile/pages/profile-page")),
  receivables: page(() => import("@web/features/invoices/pages/receivables-page")),
  notFound: page(() => import("@web/features/not-found/not-found-page")),
  dashboard: page(() => import("@web/features/dashboard/pages/dashboard-page")),
  clients: page(() => import("@web/features/clients/pages/clients-page")),
  client: page(() => import("@web/features/clients/pages/client-detail-page")),
  contacts: page(() => import("@web/features/contacts/pages/contacts-page")),
  contact: page(() => import("@web/features/contacts/pages/contact-detail-page")),
  surveys: page(() => import("@web/features/surveys/pages/surveys-page")),
  survey: page(() => import("@web/features/surveys/pages/survey-detail-page")),
  estimates: page(() => import("@web/features/estimates/pages/estimates-page")),
  estimate: page(() => import("@web/features/estimates/pages/estimate-detail-page")),
  services: page(() => import("@web/features/services/pages/services-page")),
  importData: page(() => import("@web/features/imports/pages/import-page")),
  sites: page(() => import("@web/features/sites/pages/sites-page")),
  site: page(() => import("@web/features/sites/pages/site-detail-page")),
  deadlines: page(() => import("@web/features/compliance/pages/deadlines-page")),
  contracts: page(() => import("@web/features/contracts/pages/contracts-page")),
  contract: page(() => import("@web/features/contracts/pages/contract-detail-page")),
  invoices: page(() => import("@web/features/invoices/pages/invoices-page")),
  invoice: page(() => import("@web/features/invoices/pages/invoice-detail-page")),
  suppliers: page(() => import("@web/features/suppliers/pages/suppliers-page")),
  supplier: page(() => import("@web/features/suppliers/pages/supplier-detail-page")),
  supplierForm: page(() => import("@web/features/suppliers/pages/supplier-form-page")),
  orders: page(() => import("@web/features/orders/pages/orders-page")),
  order: page(() => import("@web/features/orders/pages/order-detail-page")),
  orderForm: page(() => import("@web/features/orders/pages/order-form-page")),
  portalDashboard: page(() => import("@web/features/portal/pages/portal-dashboard-page")),
  project: page(() => import("@web/features/portal/pages/project-detail-page")),
  portalEstimate: page(() => import("@web/features/portal/pages/portal-estimate-page")),
  surveyRequest: page(() => import("@web/features/portal/pages/survey-request-page")),
  settings: page(() => import("@web/features/settings/pages/settings-page")),
  users: page(() => import("@web/features/users/pages/users-page")),
  outbox: page(() => import("@web/features/outbox/pages/outbox-page")),
  portalInvoices: page(() => import("@web/features/portal/pages/portal-invoices-page")),
  portalEstimates: page(() => import("@web/features/portal/pages/portal-estimates-page")),
  portalProjects: page(() => import("@web/features/portal/pages/portal-projects-page")),
  portalRequests: page(() => import("@web/features/portal/pages/portal-requests-page")),
  informationRequests: page(() => import("@web/features/information-requests/pages/information-requests-page")),
  informationRequest: page(() => import("@web/features/information-requests/pages/information-request-page")),
  portalInvoice: page(() => import("@web/features/portal/pages/portal-invoice-page")),
  activate: page(() => import("@web/features/portal/pages/activate-page")),
  myDay: page(() => import("./pages/my-day-page")),
  adminHome: page(() => import("@web/features/team/pages/admin-home")),
};

/**
 * The admin routes of docs/domain/screens.md, in the admin frame, for the firm's people; each page
 * needs the capability of its section (src/domain/roles.ts), else it shows "Non autorizzato".
 */
const adminRoutes: [string, LazyExoticComponent<ComponentType>][] = [
  ["/admin", pages.adminHome],
  ["/admin/dashboard", pages.dashboard],
  ["/admin/oggi", pages.myDay],
  ["/admin/clients", pages.clients],
  ["/admin/clients/:id", pages.client],
  ["/admin/contacts", pages.contacts],
  ["/admin/contacts/:id", pages.contact],
  ["/admin/surveys", pages.surveys],
  ["/admin/surveys/:id", pages.survey],
  ["/admin/information-requests", pages.informationRequests],
  ["/admin/information-requests/:id", pages.informationRequest],
  ["/admin/quotes", pages.estimates],
  ["/admin/quotes/:id", pages.estimate],
  ["/admin/services", pages.services],
  ["/admin/import", pages.importData],
  ["/admin/sites", pages.sites],
  ["/admin/sites/:id", pages.site],
  ["/admin/scadenze", pages.deadlines],
  ["/admin/contracts", pages.contracts],
  ["/admin/contracts/:id", pages.contract],
  ["/admin/invoices", pages.invoices],
  ["/admin/invoices/:id", pages.invoice],
  ["/admin/receivables", pages.receivables],
  ["/admin/suppliers", pages.suppliers],
  ["/admin/suppliers/new", pages.supplierForm],
  ["/admin/suppliers/:id/edit", pages.supplierForm],
  ["/admin/suppliers/:id", pages.supplier],
  ["/admin/orders", pages.orders],
  ["/admin/orders/new", pages.orderForm],
  ["/admin/orders/:id/edit", pages.orderForm],
  ["/admin/orders/:id", pages.order],
  ["/admin/settings", pages.settings],
  ["/admin/settings/users", pages.users],
  ["/admin/outbox", pages.outbox],
  ["/admin/profilo", pages.profile],
];

const portalRoutes: [string, LazyExoticComponent<ComponentType>][] = [
  ["/client", pages.portalDashboard],
  ["/client/projects", pages.portalProjects],
  ["/client/projects/:id", pages.project],
  ["/client/estimates", pages.portalEstimates],
  ["/client/richieste", pages.portalRequests],
  ["/client/estimates/:id", pages.portalEstimate],
  ["/client/surveys/request", pages.surveyRequest],
  ["/client/invoices", pages.portalInvoices],
  ["/client/invoices/:id", pages.portalInvoice],
  ["/client/profilo", pages.profile],
];

/** The alternative links of docs/domain/screens.md lead to the canonical routes (docs/domain/screens.md). */
const redirects: [string, (id: string) => string][] = [
  ["/admin/construction-site/:id", (id) => `/admin/sites/${id}`],
  ["/admin/supplier/:id", (id) => `/admin/suppliers/${id}`],
  ["/admin/order/:id", (id) => `/admin/orders/${id}`],
  // "Cambia password" is now a section of the profile.
  ["/admin/password", () => "/admin/profilo#password"],
  ["/client/password", () => "/client/profilo#password"],
];

const loading = (
  <div className="grid min-h-[50vh] place-items-center">
    <Spinner />
  </div>
);

export function AppRouter() {
  return (
    <Suspense fallback={loading}>
      <Switch>
        <Route path="/" component={pages.landing} />
        <Route path="/login" component={pages.login} />
        <Route path="/setup" component={pages.setup} />
        <Route path="/portal/activate" component={pages.activate} />
        {redirects.map(([path, to]) => (
          <Route key={path} path={path}>
            {(params: Record<string, string | undefined>) => <Redirect to={to(params.id ?? "")} replace />}
          </Route>
        ))}
        {adminRoutes.map(([path, Page]) => (
          <Route key={path} path={path}>
            <RequireRole role="admin">
              <RequireTwoFactor>
                <AdminFrame capability={capabilityOfPage(path)}>
                  <Suspense fallback={loading}>
                    <Page />
                  </Suspense>
                </AdminFrame>
              </RequireTwoFactor>
            </RequireRole>
          </Route>
        ))}
        {portalRoutes.map(([path, Page]) => (
          <Route key={path} path={path}>
            <RequireRole role="client">
              <PortalFrame>
                <Suspense fallback={loading}>
                  <Page />
                </Suspense>
              </PortalFrame>
            </RequireRole>
          </Route>
        ))}
        <Route component={pages.notFound} />
      </Switch>
    </Suspense>
  );
}
