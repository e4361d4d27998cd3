import { Ban, CheckCircle2, FileDown, PackageCheck, Pencil, Send } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { canApply, isOrderEditable, type OrderAction, type OrderDetail } from "@domain/orders";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { isApiError } from "@web/lib/api";
import { useOrderAction } from "../api/order-action";
import { paths } from "@web/lib/paths";

interface ActionCopy {
  title: string;
  description: (o: OrderDetail) => string;
  confirm: string;
  done: string;
  destructive?: boolean;
}

const copy: Record<OrderAction, ActionCopy> = {
  send: {
    title: "Invia Ordine",
    description: (o) => `Il PDF dell'ordine ${o.number} sarà inviato via e-mail a ${o.supplier.email ?? "—"}. Dopo l'invio l'ordine non sarà più modificabile.`,
    confirm: "Invia",
    done: "Ordine inviato al fornitore",
  },
  confirm: {
    title: "Conferma ordine",
    description: (o) => `Segnare l'ordine ${o.number} come confermato dal fornitore?`,
    confirm: "Conferma",
    done: "Ordine confermato",
  },
  receive: {
    title: "Segna come Ricevuto",
    description: (o) => `Confermi di aver ricevuto la merce dell'ordine ${o.number}?`,
    confirm: "Segna come Ricevuto",
    done: "Ordine segnato come ricevuto",
  },
  cancel: {
    title: "Annulla ordine",
    description: (o) => `Sei sicuro di voler annullare l'ordine ${o.number}? L'operazione non si può annullare.`,
    confirm: "Annulla ordine",
    done: "Ordine annullato",
    destructive: true,
  },
};

/** The buttons the order's state allows; each asks for confirmation, the server checks the transition. */
export function OrderActions({ order }: { order: OrderDetail }) {
  const run = useOrderAction();
  const [pending, setPending] = useState<OrderAction | null>(null);
  const open = (action: OrderAction) => () => setPending(action);
  const sendBlocked = !order.supplier.email ? "Il fornitore non ha un indirizzo e-mail" : null;

  return (
    <div className="flex flex-col gap-2">
      {canApply(order.status, "send") ? (
        <>
          <Button onClick={open("send")} disabled={sendBlocked !== null}>
            <Send aria-hidden className="size-4" />
            Invia Ordine
          </Button>
          {sendBlocked ? (
            <p className="text-xs text-muted-foreground">
              {sendBlocked}: <Link href={paths.admin.editSupplier(order.supplierId)} className="text-primary underline">aggiungila</Link> per inviare l'ordine.
            </p>
          ) : null}
        </>
      ) : null}
      {canApply(order.status, "confirm") ? (
        <Button onClick={open("confirm")}>
          <CheckCircle2 aria-hidden className="size-4" />
          Segna come Confermato
        </Button>
      ) : null}
      {canApply(order.status, "receive") ? (
        <Button onClick={open("receive")}>
          <PackageCheck aria-hidden className="size-4" />
          Segna come Ricevuto
        </Button>
      ) : null}
      {isOrderEditable(order.status) ? (
        <Button asChild variant="outline">
          <Link href={paths.admin.editOrder(order.id)}>
            <Pencil aria-hidden className="size-4" />
            Modifica
          </Link>
        </Button>
      ) : null}
      <Button asChild variant="outline">
        <a href={`/api/orders/${order.id}/pdf`} target="_blank" rel="noreferrer">
          <FileDown aria-hidden className="size-4" />
          Scarica PDF
        </a>
      </Button>
      {canApply(order.status, "cancel") ? (
        <Button variant="outline" onClick={open("cancel")}>
          <Ban aria-hidden className="size-4 text-destructive" />
          Annulla ordine
        </Button>
      ) : null}

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(o) => !o && setPending(null)}
        title={pending ? copy[pending].title : ""}
        description={pending ? copy[pending].description(order) : ""}
        confirmLabel={pending ? copy[pending].confirm : ""}
        cancelLabel="Indietro"
        destructive={pending ? Boolean(copy[pending].destructive) : false}
        pending={run.isPending}
        onConfirm={async () => {
          if (!pending) return;
          try {
            await run.mutateAsync({ id: order.id, action: pending, version: order.version });
            toastSuccess(copy[pending].done);
          } catch (e) {
            toastError(isApiError(e) ? e.message : "Operazione non riuscita");
          }
          setPending(null);
        }}
      />
    </div>
  );
}
