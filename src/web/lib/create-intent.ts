import { useCallback, useMemo } from "react";
import { useLocation, useSearch } from "wouter";

/**
 * "Open the new-record form, prefilled": one screen hands the next what it knows through the URL
 * (`/admin/quotes?nuovo=1&surveyId=…`), since features do not import each other. A reload keeps
 * the form open; closing it drops the parameters.
 */
export const CREATE_PARAM = "nuovo";

export function createHref(path: string, prefill: Record<string, string | null | undefined> = {}) {
  const qs = new URLSearchParams({ [CREATE_PARAM]: "1" });
  for (const [k, v] of Object.entries(prefill)) if (v) qs.set(k, v);
  return `${path}?${qs}`;
}

export function useCreateIntent<K extends string>(keys: readonly K[]) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const open = params.get(CREATE_PARAM) === "1";
  const values = useMemo(
    () => Object.fromEntries(keys.map((k) => [k, open ? (params.get(k) ?? "") : ""])) as Record<K, string>,
    [keys, params, open],
  );
  const clear = useCallback(() => {
    const next = new URLSearchParams(search);
    next.delete(CREATE_PARAM);
    for (const k of keys) next.delete(k);
    const qs = next.toString();
    navigate(qs ? `${location}?${qs}` : location, { replace: true });
  }, [search, keys, location, navigate]);
  return { open, values, clear };
}
