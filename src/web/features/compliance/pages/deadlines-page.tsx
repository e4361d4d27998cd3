import { ShieldCheck } from "lucide-react";
import { Link } from "wouter";
import { complianceKinds, complianceStates, requirementLabel, type ComplianceListQuery } from "@domain/compliance";
import { formatDate } from "@domain/format";
import { siteStatuses } from "@domain/statuses";
import { countLabel } from "@domain/wording";
import { complianceKeys, ComplianceStateBadge, useComplianceList } from "@web/components/compliance";
import { ExportCsvButton } from "@web/components/export-csv-button";
import { ListShell, ListTable } from "@web/components/list/list-shell";
import { FilterSelect } from "@web/components/list/list-toolbar";
import { COMBOBOX_LIMIT, type ComboboxOption } from "@web/components/pickers/async-combobox";
import { SearchFilter } from "@web/components/pickers/search-filter";
import { TableCell, TableHead, TableRow } from "@web/components/ui/table";
import { api } from "@web/lib/api";
import { useListParams } from "@web/lib/use-list-params";
import { paths } from "@web/lib/paths";

const FILTERS = ["state", "kind", "supplierId", "siteId", "sites"] as const;

type Named = { id: string; name: string; status: string };
const SEARCH_LIMIT = { sort: "name", limit: COMBOBOX_LIMIT } as const;
const supplierOption = (s: Named): ComboboxOption<Named> => ({ id: s.id, label: s.name, item: s });
const siteOption = (s: Named): ComboboxOption<Named> => ({
  id: s.id,
  label: s.name,
  detail: siteStatuses.label(s.status),
  item: s,
});

/** The firm and site filters search the server as the user types (any supplier or site, however old). */
const supplierFilter = {
  queryKey: complianceKeys.supplierOptions(),
  search: async (q: string) =>
    (await api.list<Named>("/api/suppliers", { q, ...SEARCH_LIMIT })).rows.map(supplierOption),
  resolve: async (id: string) => supplierOption(await api.get<Named>(`/api/suppliers/${id}`)),
} as const;
const siteFilter = {
  queryKey: complianceKeys.siteOptions(),
  search: async (q: string) =>
    (await api.list<Named>("/api/construction-sites", { q, ...SEARCH_LIMIT })).rows.map(siteOption),
  resolve: async (id: string) => siteOption(await api.get<Named>(`/api/construction-sites/${id}`)),
} as const;

/**
 * "Scadenze" (docs/domain/sites.md): every required paper and every paper on file of the sites still to
 * be worked, with its derived state, filtered, paged (by keyset cursor) and exported by the server.
 */
export default function DeadlinesPage() {
  const list = useListParams(FILTERS);
  const { state, kind, supplierId, siteId, sites } = list.values;
  const filters = { state, kind, supplierId, siteId, sites } as ComplianceListQuery;
  // Keyset pages: the pager follows the server's cursors (a deep page costs what the first costs).
  const query = useComplianceList({ ...filters, ...list.page });
  const { data } = query;

  return (
    <ListShell
      title="Scadenze"
      description={
        data
          ? countLabel(data.total, "documento", "documenti", data.capped)
          : "Sicurezza e permessi di tutti i cantieri"
      }
      actions={<ExportCsvButton path="/api/compliance/export.csv" query={filters as Record<string, string>} />}
      aboveBody={
        <div
          role="search"
          aria-label="Filtri delle scadenze"
          className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5"
        >
          <FilterSelect
            label="Filtra per stato"
            value={state}
            onValueChange={(v) => list.set({ state: v })}
            allLabel="Tutti gli stati"
            options={complianceStates.options}
          />
          <FilterSelect
            label="Filtra per tipo"
            value={kind}
            onValueChange={(v) => list.set({ kind: v })}
            allLabel="Tutti i tipi"
            options={complianceKinds.options}
          />
          <SearchFilter
            label="Filtra per impresa"
            placeholder="Tutte le imprese"
            className="sm:w-auto"
            value={supplierId}
            onChange={(v) => list.set({ supplierId: v })}
            {...supplierFilter}
          />
          <SearchFilter
            label="Filtra per cantiere"
            placeholder="Tutti i cantieri aperti"
            className="sm:w-auto"
            value={siteId}
            onChange={(v) => list.set({ siteId: v })}
            {...siteFilter}
          />
          <FilterSelect
            label="Cantieri"
            value={sites}
            onValueChange={(v) => list.set({ sites: v })}
            allLabel="Da completare"
            options={[{ value: "all", label: "Anche completati" }]}
          />
        </div>
      }
      list={list}
      query={query}
      errorText="Impossibile caricare le scadenze. Riprova."
      filtered={list.hasFilters}
      empty={{
        icon: ShieldCheck,
        title: "Nessuna scadenza trovata",
        invite: "Nessun cantiere da completare ha documenti richiesti",
      }}
    >
      {(rows) => (
        <ListTable
          label="Elenco scadenze"
          scrollLabel="Elenco scadenze"
          flush
          head={
            <>
              <TableHead>Documento</TableHead>
              <TableHead>Cantiere</TableHead>
              <TableHead className="hidden md:table-cell">Scadenza</TableHead>
              <TableHead>Stato</TableHead>
            </>
          }
        >
          {rows.map((r) => (
            <TableRow key={`${r.siteId}-${r.kind}-${r.supplierId ?? ""}-${r.documentId ?? ""}`}>
              <TableCell>
                <div className="font-medium wrap-anywhere">
                  {r.required ? requirementLabel(r) : complianceKinds.label(r.kind)}
                </div>
                <div className="text-sm text-muted-foreground wrap-anywhere">
                  {r.title ?? "Non caricato"}
                  <span className="md:hidden">{r.validUntil ? ` · ${formatDate(r.validUntil)}` : ""}</span>
                </div>
              </TableCell>
              <TableCell>
                <Link
                  href={paths.admin.site(r.siteId)}
                  className="font-medium text-primary hover:underline wrap-anywhere"
                >
                  {r.siteName}
                </Link>
                <div className="text-sm text-muted-foreground">{siteStatuses.label(r.siteStatus)}</div>
              </TableCell>
              <TableCell className="hidden tabular-nums md:table-cell">
                {r.validUntil ? formatDate(r.validUntil) : "—"}
              </TableCell>
              <TableCell>
                <ComplianceStateBadge state={r.state} />
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      )}
    </ListShell>
  );
}
