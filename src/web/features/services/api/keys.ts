export const serviceKeys = {
  all: ["services"] as const,
  lists: () => [...serviceKeys.all, "list"] as const,
  list: (params: Record<string, unknown>) => [...serviceKeys.lists(), params] as const,
};
