/** One key factory for the feature: a mutation invalidates exactly what it changed. */
export const estimateKeys = {
  all: ["estimates"] as const,
  lists: () => [...estimateKeys.all, "list"] as const,
  list: (params: Record<string, unknown>) => [...estimateKeys.lists(), params] as const,
  detail: (id: string) => [...estimateKeys.all, "detail", id] as const,
};

/** The choices the form searches (client, surveys, orders), cached apart from estimates. */
export const lookupKeys = {
  client: (id: string) => ["estimate-lookups", "client", id] as const,
  surveys: (clientId: string) => ["estimate-lookups", "surveys", clientId] as const,
  survey: (id: string) => ["estimate-lookups", "survey", id] as const,
  orders: () => ["estimate-lookups", "orders"] as const,
};
