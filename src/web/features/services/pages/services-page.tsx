import { Plus, Wrench } from "lucide-react";
import { useState } from "react";
import { serviceCategories } from "@domain/catalogue";
import { serviceDeleteQuestion, type Service, type ServiceListParams } from "@domain/services";
import { serviceStatuses } from "@domain/statuses";
import { countLabel } from "@domain/wording";
import { ExportCsvButton } from "@web/components/export-csv-button";
import { ImportButton } from "@web/components/import-button";
import { ListShell } from "@web/components/list/list-shell";
import { FilterSelect } from "@web/components/list/list-toolbar";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
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
  const query = useServices({
    q,
    category: (category || undefined) as ServiceListParams["category"],
    status: (status || undefined) as ServiceListParams["status"],
    ...list.page,
  });
  const { data } = query;
  const [editing, setEditing] = useState<Service | "new" | null>(null);
  const [deleting, setDeleting] = useState<Service | null>(null);
  const remove = useDeleteService();

  return (
    <>
      <ListShell
        title="Servizi"
        description={
          data ? countLabel(data.total, "servizio", "servizi", data.capped) : "Catalogo dei servizi e dei prezzi"
        }
        actions={
          <>
            <ExportCsvButton path="/api/services/export.csv" query={{ q, category, status }} />
            <ImportButton kind="services" />
            <Button onClick={() => setEditing("new")}>
              <Plus aria-hidden className="size-4" />
              Nuovo Servizio
            </Button>
          </>
        }
        toolbar={{
          searchLabel: "Cerca servizi",
          searchPlaceholder: "Cerca per nome o descrizione...",
          query: q,
          onSearch: (value) => list.set({ q: value }),
          children: (
            <>
              <FilterSelect
                label="Filtra per categoria"
                value={category}
                onValueChange={(value) => list.set({ category: value })}
                allLabel="Tutte le categorie"
                options={serviceCategories.map((c) => ({ value: c, label: c }))}
                className="sm:w-56"
              />
              <FilterSelect
                label="Filtra per stato"
                value={status}
                onValueChange={(value) => list.set({ status: value })}
                allLabel="Tutti gli stati"
                options={serviceStatuses.options}
                className="sm:w-44"
              />
            </>
          ),
        }}
        list={list}
        query={query}
        errorText="Impossibile caricare i servizi. Riprova."
        filtered={list.hasFilters}
        loading={
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Caricamento servizi">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-48 w-full" data-testid="service-skeleton" />
            ))}
          </div>
        }
        empty={{
          icon: Wrench,
          title: "Nessun servizio trovato",
          invite: "Inizia aggiungendo il primo servizio del catalogo",
          action: (
            <Button onClick={() => setEditing("new")}>
              <Plus aria-hidden className="size-4" />
              Aggiungi servizio
            </Button>
          ),
        }}
      >
        {(rows) => (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {rows.map((service) => (
              <ServiceCard
                key={service.id}
                service={service}
                onEdit={() => setEditing(service)}
                onDelete={() => setDeleting(service)}
              />
            ))}
          </div>
        )}
      </ListShell>

      <ServiceFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        service={editing === "new" || editing === null ? undefined : editing}
      />
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
            toastError(
              isApiError(e) && e.status === 409
                ? e.message
                : "Si è verificato un errore durante l'eliminazione del servizio.",
            );
          }
          setDeleting(null);
        }}
      />
    </>
  );
}
