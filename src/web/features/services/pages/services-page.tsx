import { Plus, Wrench } from "lucide-react";
import { useState } from "react";
import { serviceCategories } from "@domain/catalogue";
import { serviceDeleteQuestion, type Service, type ServiceListParams } from "@domain/services";
import { serviceStatuses } from "@domain/statuses";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { EmptyState } from "@web/components/ui/empty-state";
import { PageHeader } from "@web/components/ui/page-header";
import { Pagination } from "@web/components/ui/pagination";
import { SearchInput } from "@web/components/ui/search-input";
import { Select } from "@web/components/ui/select";
import { Skeleton } from "@web/components/ui/skeleton";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { isApiError } from "@web/lib/api";
import { useListParams } from "@web/lib/use-list-params";
import { useServices } from "../api/list-services";
import { useDeleteService } from "../api/mutations";
import { ServiceCard } from "../components/service-card";
import { ServiceFormDialog } from "../components/service-form-dialog";

const FILTERS = ["q", "category", "status"] as const;

export default function ServicesPage() {
  const list = useListParams(FILTERS, 24);
  const { q, category, status } = list.values;
  const { data, isPending, isError } = useServices({
    q,
    category: (category || undefined) as ServiceListParams["category"],
    status: (status || undefined) as ServiceListParams["status"],
    limit: list.limit,
    offset: list.offset,
  });
  const [search, setSearch] = useState(q);
  const [editing, setEditing] = useState<Service | "new" | null>(null);
  const [deleting, setDeleting] = useState<Service | null>(null);
  const remove = useDeleteService();

  return (
    <>
      <PageHeader
        title="Servizi"
        description={data ? `${data.total} servizi nel catalogo` : "Catalogo dei servizi e dei prezzi"}
        actions={
          <Button onClick={() => setEditing("new")}>
            <Plus aria-hidden className="size-4" />
            Nuovo Servizio
          </Button>
        }
      />

      <div className="mb-4 flex flex-col gap-2 sm:flex-row">
        <SearchInput
          label="Cerca servizi"
          placeholder="Cerca per nome o descrizione..."
          value={search}
          onValueChange={setSearch}
          onDebouncedChange={(value) => list.set({ q: value })}
          className="sm:max-w-sm"
        />
        <Select aria-label="Filtra per categoria" value={category} onChange={(e) => list.set({ category: e.target.value })} className="sm:w-56">
          <option value="">Tutte le categorie</option>
          {serviceCategories.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Select>
        <Select aria-label="Filtra per stato" value={status} onChange={(e) => list.set({ status: e.target.value })} className="sm:w-44">
          <option value="">Tutti gli stati</option>
          {serviceStatuses.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </div>

      {isError ? (
        <p role="alert" className="text-destructive">
          Impossibile caricare i servizi. Riprova.
        </p>
      ) : isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Caricamento servizi">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-48 w-full" data-testid="service-skeleton" />
          ))}
        </div>
      ) : data.rows.length === 0 ? (
        <EmptyState
          icon={Wrench}
          title="Nessun servizio trovato"
          description={list.hasFilters ? "Prova a modificare i filtri di ricerca" : "Inizia aggiungendo il primo servizio del catalogo"}
          action={
            list.hasFilters ? undefined : (
              <Button onClick={() => setEditing("new")}>
                <Plus aria-hidden className="size-4" />
                Aggiungi servizio
              </Button>
            )
          }
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {data.rows.map((service) => (
            <ServiceCard key={service.id} service={service} onEdit={() => setEditing(service)} onDelete={() => setDeleting(service)} />
          ))}
        </div>
      )}

      {data && data.total > list.limit ? (
        <Pagination total={data.total} limit={list.limit} offset={list.offset} onOffsetChange={(offset) => list.set({ offset })} className="mt-4" />
      ) : null}

      <ServiceFormDialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} service={editing === "new" || editing === null ? undefined : editing} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Elimina servizio"
        description={deleting ? serviceDeleteQuestion(deleting.name) : ""}
        pending={remove.isPending}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            toastSuccess("Servizio eliminato");
          } catch (e) {
            // 409: used by estimates; the server says to set it inattivo instead.
            toastError(isApiError(e) && e.status === 409 ? e.message : "Si è verificato un errore durante l'eliminazione del servizio.");
          }
          setDeleting(null);
        }}
      />
    </>
  );
}
