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
  // Keyset lists: the cursor the page starts after (or ends before); offset then only numbers the rows.
  const after = params.get("after") || undefined;
  const before = after ? undefined : params.get("before") || undefined;
  const page = useMemo(
    () => ({ limit: pageSize, offset, ...(after ? { after } : {}), ...(before ? { before } : {}) }),
    [pageSize, offset, after, before],
  );

  const set = useCallback(
    (changes: Partial<Record<K | "offset" | "after" | "before", string | number>>) => {
      const next = new URLSearchParams(search);
      // A cursor belongs to the page it came from: any other change drops it.
      next.delete("after");
      next.delete("before");
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
  return { values, offset, limit: pageSize, page, set, hasFilters };
}
