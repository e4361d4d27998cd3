/** One key factory per feature: a mutation invalidates exactly what it changed. */
export const orderKeys = {
  all: ["orders"] as const,
  lists: () => [...orderKeys.all, "list"] as const,
  list: (params: Record<string, unknown>) => [...orderKeys.lists(), params] as const,
  detail: (id: string) => [...orderKeys.all, "detail", id] as const,
  /** Under "suppliers": saving or deleting a supplier refreshes the order form's searches. */
  supplierOptions: () => ["suppliers", "list", "picker"] as const,
  siteOptions: () => [...orderKeys.all, "site-options"] as const,
};
