/** One key factory per feature: a mutation invalidates exactly what it changed. */
export const supplierKeys = {
  all: ["suppliers"] as const,
  lists: () => [...supplierKeys.all, "list"] as const,
  list: (params: Record<string, unknown>) => [...supplierKeys.lists(), params] as const,
  detail: (id: string) => [...supplierKeys.all, "detail", id] as const,
};
