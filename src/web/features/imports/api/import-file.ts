import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ErrorBody } from "@domain/common";
import type { ImportKind, ImportResult } from "@domain/imports";
import { ApiError } from "@web/lib/api";
import { invalidateClients, invalidateServices, invalidateSuppliers } from "@web/lib/query-keys";

export type ImportRequest = { kind: ImportKind; file: File; commit: boolean; skipInvalid: boolean };

/** Sends the file: a preview saves nothing; commit saves all rows or none (or the valid ones). */
async function importFile({ kind, file, commit, skipInvalid }: ImportRequest): Promise<ImportResult> {
  const body = new FormData();
  body.append("file", file);
  const query = new URLSearchParams({ commit: commit ? "1" : "0", skipInvalid: skipInvalid ? "1" : "0" });
  const res = await fetch(`/api/imports/${kind}?${query}`, {
    method: "POST",
    credentials: "include",
    body,
    headers: { accept: "application/json" },
  });
  const parsed = (await res.json().catch(() => undefined)) as (ImportResult & ErrorBody) | undefined;
  if (!res.ok) throw new ApiError(res.status, parsed?.message ?? `${res.status}: ${res.statusText}`, parsed);
  return parsed as ImportResult;
}

/** What an import adds to: that feature's lists and pickers refresh. */
const invalidateImported = {
  clients: invalidateClients,
  suppliers: invalidateSuppliers,
  services: invalidateServices,
} as const;

export function useImportFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: importFile,
    onSuccess: (result) => {
      // Lists and pickers of what was imported show the new rows.
      if (result.created > 0) return invalidateImported[result.kind](qc);
    },
  });
}
