export const contractKeys = {
  all: ["contracts"] as const,
  lists: () => [...contractKeys.all, "list"] as const,
  list: (params: Record<string, unknown>) => [...contractKeys.lists(), params] as const,
  detail: (id: string) => [...contractKeys.all, "detail", id] as const,
  estimateOptions: () => [...contractKeys.all, "estimate-options"] as const,
};
