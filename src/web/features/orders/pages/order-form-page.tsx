import { Lock } from "lucide-react";
import { Link, useLocation, useParams, useSearch } from "wouter";
import { isOrderEditable } from "@domain/orders";
import { BackLink } from "@web/components/detail/back-link";
import { DetailLoading, DetailNotFound } from "@web/components/detail/detail-states";
import { Button } from "@web/components/ui/button";
import { Card, CardContent } from "@web/components/ui/card";
import { EmptyState } from "@web/components/ui/empty-state";
import { PageHeader } from "@web/components/ui/page-header";
import { toastSuccess } from "@web/components/ui/toast";
import { useOrder } from "../api/get-order";
import { useSaveOrder } from "../api/save-order";
import { OrderForm } from "../components/order-form";
import { paths } from "@web/lib/paths";

/** /admin/orders/new (optionally ?supplierId=…) and /admin/orders/{id}/edit. */
export default function OrderFormPage() {
  const { id } = useParams<{ id?: string }>();
  const search = useSearch();
  const [, navigate] = useLocation();
  const editing = Boolean(id);
  const { data, isPending, error } = useOrder(id ?? "", editing);
  // Only the office reaches this page (orders.write): its answers carry the amounts.
  const order = data && "totalAmount" in data ? data : undefined;
  const save = useSaveOrder();
  const supplierId = new URLSearchParams(search).get("supplierId") ?? undefined;
  const back = id ? paths.admin.order(id) : paths.admin.orders();

  if (editing && isPending) return <DetailLoading label="Caricamento ordine..." />;
  if (editing && !order) {
    return (
      <DetailNotFound
        error={error}
        notFoundTitle="Ordine non trovato"
        failedTitle="Impossibile caricare l'ordine"
        backHref={paths.admin.orders()}
        backLabel="Torna agli ordini"
      />
    );
  }
  if (order && !isOrderEditable(order.status)) {
    return (
      <EmptyState
        icon={Lock}
        title={`L'ordine ${order.number} non è modificabile`}
        description="Solo gli ordini in bozza possono essere modificati: una volta inviato, il fornitore ne ha già una copia."
        action={
          <Button asChild variant="outline">
            <Link href={paths.admin.order(order.id)}>Torna all'ordine</Link>
          </Button>
        }
      />
    );
  }

  return (
    <>
      <BackLink href={back}>{order ? order.number : "Ordini"}</BackLink>
      <PageHeader
        title={order ? `Modifica Ordine ${order.number}` : "Nuovo Ordine"}
        description={order ? "I campi con l'asterisco sono obbligatori." : "Il numero d'ordine viene assegnato al salvataggio. I campi con l'asterisco sono obbligatori."}
      />
      <Card className="max-w-4xl">
        <CardContent className="pt-4 sm:pt-6">
          <OrderForm
            key={order?.id ?? `new-${supplierId ?? ""}`}
            order={order}
            supplierId={supplierId}
            onCancel={() => navigate(back)}
            onSubmit={async (values) => {
              const saved = await save.mutateAsync({ id: order?.id, version: order?.version, values });
              toastSuccess(order ? "Ordine aggiornato con successo" : `Ordine ${saved.number} creato con successo`);
              navigate(paths.admin.order(saved.id), { replace: true });
            }}
          />
        </CardContent>
      </Card>
    </>
  );
}
