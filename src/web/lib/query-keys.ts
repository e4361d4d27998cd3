import type { QueryClient } from "@tanstack/react-query";

/**
 * The first element of every TanStack Query key in the web app, once: two features cannot pick
 * the same root by accident (query-keys.test.ts checks the values are distinct and that every key
 * factory starts from one of them). Each feature builds its keys in `features/<f>/api/keys.ts`
 * from its root; ESLint refuses a raw `queryKey: [...]` anywhere else (eslint.config.js).
 *
 * The factories of data that more than one feature reads or refreshes live here rather than in
 * their feature, since features do not import each other: a feature that changes another one's
 * data calls the invalidation below (`invalidateClients(qc)`), never its raw key.
 */
export const queryRoots = {
  activation: "activation",
  activity: "activity",
  attachments: "attachments",
  auth: "auth",
  clients: "clients",
  company: "company",
  compliance: "compliance",
  contacts: "contacts",
  contracts: "contracts",
  dashboard: "dashboard",
  estimateLookups: "estimate-lookups",
  estimates: "estimates",
  informationRequests: "information-requests",
  invoices: "invoices",
  notifications: "notifications",
  orders: "orders",
  outbox: "outbox",
  portal: "portal",
  profile: "profile",
  receivables: "receivables",
  services: "services",
  settings: "settings",
  setup: "setup",
  sites: "sites",
  suppliers: "suppliers",
  surveys: "surveys",
  team: "team",
  users: "users",
} as const;

const root = <K extends keyof typeof queryRoots>(k: K) => [queryRoots[k]] as const;

/** Lists and details of one entity: `all` ⊃ `lists()` ⊃ `list(params)`, and `detail(id)`. */
function entityKeys<K extends keyof typeof queryRoots>(k: K) {
  const all = root(k);
  const lists = () => [...all, "list"] as const;
  return {
    all,
    lists,
    list: (params: Record<string, unknown>) => [...lists(), params] as const,
    detail: (id: string) => [...all, "detail", id] as const,
  };
}

export const clientKeys = {
  ...entityKeys("clients"),
  /** The client picker's searches, under the clients' lists: saving a client refreshes them. */
  options: () => [...clientKeys.lists(), "picker"] as const,
};

export const contactKeys = entityKeys("contacts");

export const supplierKeys = {
  ...entityKeys("suppliers"),
  /** The supplier pickers' searches, under the suppliers' lists. */
  options: () => [...supplierKeys.lists(), "picker"] as const,
};

export const contractKeys = {
  ...entityKeys("contracts"),
  estimateOptions: () => [...contractKeys.all, "estimate-options"] as const,
};

export const serviceKeys = {
  all: root("services"),
  lists: () => [...serviceKeys.all, "list"] as const,
  list: (params: Record<string, unknown>) => [...serviceKeys.lists(), params] as const,
};

export const receivableKeys = {
  all: root("receivables"),
  list: (filters: Record<string, unknown>, offset: number) => [...receivableKeys.all, filters, offset] as const,
};

export const outboxKeys = {
  all: root("outbox"),
  list: (params: Record<string, unknown>) => [...outboxKeys.all, "list", params] as const,
  detail: (id: string) => [...outboxKeys.all, "detail", id] as const,
};

/** The company's public data and the invoicing readiness: both change when the settings are saved. */
export const companyKeys = {
  all: root("company"),
  public: () => [...companyKeys.all, "public"] as const,
  readiness: () => [...companyKeys.all, "invoicing-readiness"] as const,
};

export const teamKeys = {
  team: root("team"),
  myDay: [...root("team"), "my-day"] as const,
};

export const authKeys = { me: [...root("auth"), "me"] as const };

/** A searchable picker's keys, under the key its caller gives (src/web/components/pickers). */
export const pickerKeys = {
  search: (base: readonly unknown[], q: string) => [...base, "combobox", q] as const,
  selected: (base: readonly unknown[], id: string) => [...base, "combobox-selected", id] as const,
};

// What one feature refreshes of another's data.
export const invalidateClients = (qc: QueryClient) => qc.invalidateQueries({ queryKey: clientKeys.all });
export const invalidateContacts = (qc: QueryClient) => qc.invalidateQueries({ queryKey: contactKeys.all });
export const invalidateSuppliers = (qc: QueryClient) => qc.invalidateQueries({ queryKey: supplierKeys.all });
export const invalidateContracts = (qc: QueryClient) => qc.invalidateQueries({ queryKey: contractKeys.all });
export const invalidateServices = (qc: QueryClient) => qc.invalidateQueries({ queryKey: serviceKeys.all });
export const invalidateReceivables = (qc: QueryClient) => qc.invalidateQueries({ queryKey: receivableKeys.all });
export const invalidateOutbox = (qc: QueryClient) => qc.invalidateQueries({ queryKey: outboxKeys.all });
export const invalidateCompany = (qc: QueryClient) => qc.invalidateQueries({ queryKey: companyKeys.all });
