import { capabilityOfPage } from "@domain/roles";
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from "react";
import { Redirect, Route, Switch } from "wouter";
import { Spinner } from "@web/components/ui/spinner";
import { paths, routes } from "@web/lib/paths";
import { AdminFrame } from "./admin-frame";
import { PortalFrame } from "./portal-frame";
import { RequireRole } from "./require-role";
import { RequireTwoFactor } from "./require-two-factor";

// Every page is its own chunk: the landing page does not download the back office.
const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);
type Page = LazyExoticComponent<ComponentType>;
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
 * The admin routes of docs/domain/screens.md (their patterns in src/web/lib/paths.ts), in the admin
 * frame, for the firm's people; each page needs the capability of its section (src/domain/roles.ts),
 * else it shows "Non autorizzato". A route without a page, or a page without a route, does not compile.
 */
const adminPages: Record<keyof typeof routes.admin, Page> = {
  home: pages.adminHome,
  dashboard: pages.dashboard,
  today: pages.myDay,
  clients: pages.clients,
  client: pages.client,
  contacts: pages.contacts,
  contact: pages.contact,
  surveys: pages.surveys,
  survey: pages.survey,
  informationRequests: pages.informationRequests,
  informationRequest: pages.informationRequest,
  estimates: pages.estimates,
  estimate: pages.estimate,
  services: pages.services,
  import: pages.importData,
  sites: pages.sites,
  site: pages.site,
  deadlines: pages.deadlines,
  contracts: pages.contracts,
  contract: pages.contract,
  invoices: pages.invoices,
  invoice: pages.invoice,
  receivables: pages.receivables,
  suppliers: pages.suppliers,
  newSupplier: pages.supplierForm,
  editSupplier: pages.supplierForm,
  supplier: pages.supplier,
  orders: pages.orders,
  newOrder: pages.orderForm,
  editOrder: pages.orderForm,
  order: pages.order,
  settings: pages.settings,
  users: pages.users,
  outbox: pages.outbox,
  profile: pages.profile,
};

const portalPages: Record<keyof typeof routes.portal, Page> = {
  home: pages.portalDashboard,
  projects: pages.portalProjects,
  project: pages.project,
  estimates: pages.portalEstimates,
  requests: pages.portalRequests,
  estimate: pages.portalEstimate,
  surveyRequest: pages.surveyRequest,
  invoices: pages.portalInvoices,
  invoice: pages.portalInvoice,
  profile: pages.profile,
};

/** In the order of `routes` (a fixed segment before `:id`): the Switch takes the first match. */
const table = <K extends string, V>(patterns: Record<K, string>, byName: Record<K, V>) =>
  (Object.keys(patterns) as K[]).map((k) => [patterns[k], byName[k]] as const);
export const adminRoutes = table(routes.admin, adminPages);
export const portalRoutes = table(routes.portal, portalPages);

/** The alternative links of docs/domain/screens.md lead to the canonical routes (docs/domain/screens.md). */
export const redirects: Record<keyof typeof routes.aliases, (id: string) => string> = {
  site: (id) => paths.admin.site(id),
  supplier: (id) => paths.admin.supplier(id),
  order: (id) => paths.admin.order(id),
  // "Cambia password" is now a section of the profile.
  adminPassword: () => `${paths.admin.profile()}#password`,
  portalPassword: () => `${paths.portal.profile()}#password`,
};
const redirectRoutes = table(routes.aliases, redirects);

const loading = (
  <div className="grid min-h-[50vh] place-items-center">
    <Spinner />
  </div>
);

export function AppRouter() {
  return (
    <Suspense fallback={loading}>
      <Switch>
        <Route path={routes.landing} component={pages.landing} />
        <Route path={routes.login} component={pages.login} />
        <Route path={routes.setup} component={pages.setup} />
        <Route path={routes.activate} component={pages.activate} />
        {redirectRoutes.map(([path, to]) => (
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
