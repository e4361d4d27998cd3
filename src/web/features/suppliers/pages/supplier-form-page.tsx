import { ArrowLeft } from "lucide-react";
import { Link, useLocation, useParams } from "wouter";
import { Button } from "@web/components/ui/button";
import { Card, CardContent } from "@web/components/ui/card";
import { EmptyState } from "@web/components/ui/empty-state";
import { PageHeader } from "@web/components/ui/page-header";
import { Spinner } from "@web/components/ui/spinner";
import { toastSuccess } from "@web/components/ui/toast";
import { isApiError } from "@web/lib/api";
import { useSupplier } from "../api/get-supplier";
import { useSaveSupplier } from "../api/save-supplier";
import { SupplierForm } from "../components/supplier-form";

/** /admin/suppliers/new and /admin/suppliers/{id}/edit: one page, the id decides. */
export default function SupplierFormPage() {
  const { id } = useParams<{ id?: string }>();
  const [, navigate] = useLocation();
  const editing = Boolean(id);
  const { data: supplier, isPending, error } = useSupplier(id ?? "", editing);
  const save = useSaveSupplier();
  const back = id ? `/admin/suppliers/${id}` : "/admin/suppliers";

  if (editing && isPending) return <Spinner label="Caricamento fornitore..." />;
  if (editing && !supplier) {
    const missing = isApiError(error) && (error.status === 404 || error.status === 400);
    return (
      <EmptyState
        title={missing ? "Fornitore non trovato" : "Impossibile caricare il fornitore"}
        description={missing ? "Il fornitore richiesto non esiste o è stato rimosso." : undefined}
        action={
          <Button asChild variant="outline">
            <Link href="/admin/suppliers">Torna ai fornitori</Link>
          </Button>
        }
      />
    );
  }

  return (
    <>
      <Button asChild variant="ghost" className="mb-2 -ml-2">
        <Link href={back}>
          <ArrowLeft aria-hidden className="size-4" />
          {supplier ? supplier.name : "Fornitori"}
        </Link>
      </Button>
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
              navigate(`/admin/suppliers/${saved.id}`, { replace: true });
            }}
          />
        </CardContent>
      </Card>
    </>
  );
}
