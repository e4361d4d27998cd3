import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ComplianceDocument,
  ComplianceDocumentValues,
  ComplianceListQuery,
  ComplianceRow,
  ComplianceSummary,
  SiteCompliance,
} from "@domain/compliance";
import { api, ApiError, withQuery } from "@web/lib/api";
import { activityKeys } from "../timeline";
import { queryRoots } from "@web/lib/query-keys";

export const complianceKeys = {
  all: [queryRoots.compliance] as const,
  site: (siteId: string) => [...complianceKeys.all, "site", siteId] as const,
  supplier: (supplierId: string) => [...complianceKeys.all, "supplier", supplierId] as const,
  /** The Scadenze filters' searches of firms and sites. */
  supplierOptions: () => [...complianceKeys.all, "supplier-options"] as const,
  siteOptions: () => [...complianceKeys.all, "site-options"] as const,
  summary: () => [...complianceKeys.all, "summary"] as const,
  list: (query: ComplianceListQuery) => [...complianceKeys.all, "list", query] as const,
};

export const documentFileUrl = (id: string, download = false) =>
  `/api/site-documents/${id}/file${download ? "?download=1" : ""}`;
export const complianceExportUrl = (query: ComplianceListQuery) =>
  withQuery("/api/compliance/export.csv", { ...query, limit: undefined, offset: undefined } as Record<
    string,
    string | number | undefined
  >);

export const useSiteCompliance = (siteId: string) =>
  useQuery(
    queryOptions({
      queryKey: complianceKeys.site(siteId),
      queryFn: () => api.get<SiteCompliance>(`/api/construction-sites/${siteId}/compliance`),
    }),
  );

export const useSupplierDocuments = (supplierId: string) =>
  useQuery({
    queryKey: complianceKeys.supplier(supplierId),
    queryFn: () => api.get<ComplianceDocument[]>(`/api/suppliers/${supplierId}/documents`),
  });

export const useComplianceSummary = (enabled = true) =>
  useQuery({
    queryKey: complianceKeys.summary(),
    queryFn: () => api.get<ComplianceSummary>("/api/compliance/summary"),
    enabled,
  });

export const useComplianceList = (query: ComplianceListQuery) =>
  useQuery({
    queryKey: complianceKeys.list(query),
    queryFn: () => api.list<ComplianceRow>("/api/compliance", query as Record<string, string | number | undefined>),
    placeholderData: (previous) => previous,
  });

/** Multipart upload of the document's PDF or photo (the JSON client does not send files). */
async function uploadDocumentFile(id: string, file: File) {
  const body = new FormData();
  body.append("file", file, file.name);
  const res = await fetch(documentFileUrl(id), { method: "PUT", body, credentials: "include" });
  if (!res.ok) {
    const parsed = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(res.status, parsed?.message ?? `${res.status}: ${res.statusText}`);
  }
  return (await res.json()) as ComplianceDocument;
}

type Owner = { siteId: string } | { supplierId: string };

/** Writes of documents: the values, then the file when one was chosen; every compliance view is refreshed. */
export function useDocumentMutations() {
  const qc = useQueryClient();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: complianceKeys.all });
    void qc.invalidateQueries({ queryKey: activityKeys.all });
  };
  const withFile = async (doc: ComplianceDocument, file: File | null) =>
    file ? uploadDocumentFile(doc.id, file) : doc;
  return {
    create: useMutation({
      mutationFn: async ({
        owner,
        values,
        file,
      }: {
        owner: Owner;
        values: ComplianceDocumentValues;
        file: File | null;
      }) => {
        const doc =
          "siteId" in owner
            ? await api.post<ComplianceDocument>(`/api/construction-sites/${owner.siteId}/documents`, values)
            : await api.post<ComplianceDocument>(`/api/suppliers/${owner.supplierId}/documents`, {
                ...values,
                supplierId: undefined,
              });
        return withFile(doc, file);
      },
      onSettled: refresh,
    }),
    update: useMutation({
      mutationFn: async ({
        id,
        version,
        values,
        file,
      }: {
        id: string;
        version: number;
        values: ComplianceDocumentValues;
        file: File | null;
      }) => withFile(await api.put<ComplianceDocument>(`/api/site-documents/${id}`, { ...values, version }), file),
      onSettled: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.delete(`/api/site-documents/${id}`), onSettled: refresh }),
  };
}
