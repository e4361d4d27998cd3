import { useLocation, useParams } from "wouter";
import { BackLink } from "@web/components/detail/back-link";
import { DetailLoading, DetailNotFound } from "@web/components/detail/detail-states";
import { Card, CardContent } from "@web/components/ui/card";
import { PageHeader } from "@web/components/ui/page-header";
import { toastSuccess } from "@web/components/ui/toast";
import { useSupplier } from "../api/get-supplier";
import { useSaveSupplier } from "../api/save-supplier";
import { SupplierForm } from "../components/supplier-form";
import { paths } from "@web/lib/paths";

/** /admin/suppliers/new and /admin/suppliers/{id}/edit: one page, the id decides. */
export default function SupplierFormPage() {
  const { id } = useParams<{ id?: string }>();
  const [, navigate] = useLocation();
  const editing = Boolean(id);
  const { data: supplier, isPending, error } = useSupplier(id ?? "", editing);
  const save = useSaveSupplier();
  const back = id ? paths.admin.supplier(id) : paths.admin.suppliers();

  if (editing && isPending) return <DetailLoading label="Caricamento fornitore..." />;
  if (editing && !supplier) {
    return (
      <DetailNotFound
        error={error}
        notFoundTitle="Fornitore non trovato"
        failedTitle="Impossibile caricare il fornitore"
        notFoundDescription="Il fornitore richiesto non esiste o è stato rimosso."
        backHref={paths.admin.suppliers()}
        backLabel="Torna ai fornitori"
      />
    );
  }

  return (
    <>
      <BackLink href={back}>{supplier ? supplier.name : "Fornitori"}</BackLink>
      <PageHeader
        title={supplier ? "Modifica Fornitore" : "Nuovo Fornitore"}
        description="I campi con l'asterisco sono obbligatori."
      />
      <Card className="max-w-3xl">
        <CardContent className="pt-4 sm:pt-6">
          <SupplierForm
            key={supplier?.id ?? "new"}
            supplier={supplier}
            onCancel={() => navigate(back)}
            onSubmit={async (values) => {
              const saved = await save.mutateAsync({ id: supplier?.id, version: supplier?.version, values });
              toastSuccess(supplier ? "Fornitore aggiornato con successo" : "Fornitore creato con successo");
              navigate(paths.admin.supplier(saved.id), { replace: true });
            }}
          />
        </CardContent>
      </Card>
    </>
  );
}
