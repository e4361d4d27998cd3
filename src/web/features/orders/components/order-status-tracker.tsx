import { Check, X } from "lucide-react";
import { formatDateTime } from "@domain/format";
import { ORDER_STEPS, orderStepIndex, type Order } from "@domain/orders";
import { cn } from "@web/lib/cn";

/** Creato → Inviato → Confermato → Ricevuto, with the time each step was reached. */
export function OrderStatusTracker({ order }: { order: Omit<Order, "totalAmount"> }) {
  const reached = orderStepIndex(order);
  const cancelled = order.status === "annullato";
  const times = [order.createdAt, order.sentAt, order.confirmedAt, order.receivedAt];
  return (
    <div>
      <ol className="grid grid-cols-4 gap-1" aria-label="Avanzamento dell'ordine">
        {ORDER_STEPS.map((step, i) => {
          const done = i <= reached;
          return (
            <li key={step.key} className="flex flex-col items-center text-center" aria-current={i === reached && !cancelled ? "step" : undefined}>
              <div className="flex w-full items-center">
                <span className={cn("h-0.5 flex-1", i === 0 ? "invisible" : done ? "bg-primary" : "bg-border")} />
                <span
                  className={cn(
                    "flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold",
                    done ? "border-primary bg-primary text-primary-foreground" : "border-border bg-card text-muted-foreground",
                  )}
                >
                  {done ? <Check aria-hidden className="size-4" /> : i + 1}
                </span>
                <span className={cn("h-0.5 flex-1", i === ORDER_STEPS.length - 1 ? "invisible" : i < reached ? "bg-primary" : "bg-border")} />
              </div>
              <span className={cn("mt-1.5 text-xs font-medium sm:text-sm", !done && "text-muted-foreground")}>
                {step.label}
                <span className="sr-only">{done ? ": completato" : ": da completare"}</span>
              </span>
              {done && times[i] ? <span className="hidden text-xs text-muted-foreground sm:block">{formatDateTime(times[i])}</span> : null}
            </li>
          );
        })}
      </ol>
      {cancelled ? (
        <p className="mt-3 flex items-center gap-2 rounded-md bg-destructive-soft px-3 py-2 text-sm text-destructive-soft-foreground">
          <X aria-hidden className="size-4" />
          Ordine annullato{order.cancelledAt ? ` il ${formatDateTime(order.cancelledAt)}` : ""}
        </p>
      ) : null}
    </div>
  );
}
