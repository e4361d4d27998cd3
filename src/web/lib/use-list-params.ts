import { useCallback, useMemo } from "react";
import { useLocation, useSearch } from "wouter";

/**
 * A list's search, filters and page live in the URL: a reload or a shared link shows the
 * same page, and the back button undoes a filter.
 */
export function useListParams<K extends string>(keys: readonly K[], pageSize = 25) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);

  const values = useMemo(
    () => Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ""])) as Record<K, string>,
    [keys, params],
  );
  const offset = Math.max(0, Number(params.get("offset") ?? 0) || 0);

  const set = useCallback(
    (changes: Partial<Record<K | "offset", string | number>>) => {
      const next = new URLSearchParams(search);
      for (const [k, v] of Object.entries(changes)) {
        if (v === "" || v === undefined || v === 0 || v === "0") next.delete(k);
        else next.set(k, String(v));
      }
      // Changing a filter goes back to the first page.
      if (!("offset" in changes)) next.delete("offset");
      const qs = next.toString();
      navigate(qs ? `${location}?${qs}` : location, { replace: true });
    },
    [search, location, navigate],
  );

  const hasFilters = keys.some((k) => values[k] !== "");
  return { values, offset, limit: pageSize, set, hasFilters };
}
