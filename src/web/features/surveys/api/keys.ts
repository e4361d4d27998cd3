import { queryRoots } from "@web/lib/query-keys";
export const surveyKeys = {
  all: [queryRoots.surveys] as const,
  lists: () => [...surveyKeys.all, "list"] as const,
  list: (params: Record<string, unknown>) => [...surveyKeys.lists(), params] as const,
  detail: (id: string) => [...surveyKeys.all, "detail", id] as const,
};
