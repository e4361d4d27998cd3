export const contactKeys = {
  all: ["contacts"] as const,
  lists: () => [...contactKeys.all, "list"] as const,
  list: (params: Record<string, unknown>) => [...contactKeys.lists(), params] as const,
  detail: (id: string) => [...contactKeys.all, "detail", id] as const,
};
