import { Receipt } from "lucide-react";
import { Link } from "wouter";
import { todayIso } from "@domain/dates";
import { formatDate, formatEuro } from "@domain/format";
import { countLabel } from "@domain/wording";
import { ListShell } from "@web/components/list/list-shell";
import { Card } from "@web/components/ui/card";
import { useListParams } from "@web/lib/use-list-params";
import { usePortalInvoices } from "../api/list-invoices";
import { BackButton } from "../components/back-button";
import { InvoiceStatusBadge } from "../components/document-status-badge";
import { paths } from "@web/lib/paths";

const NO_FILTERS = [] as const;

/** "Le Mie Fatture": the invoices and credit notes issued to the client (docs/domain/portal.md). */
export default function PortalInvoicesPage() {
  const list = useListParams(NO_FILTERS, 20);
  const query = usePortalInvoices({ limit: list.limit, offset: list.offset });
  const { data } = query;
  const today = todayIso();

  return (
    <ListShell
      back={<BackButton />}
      title="Le Mie Fatture"
      description={data ? countLabel(data.total, "fattura", "fatture", data.capped) : undefined}
      list={list}
      cursors={false}
      query={query}
      errorText="Impossibile caricare le fatture. Riprova."
      filtered={false}
      empty={{
        icon: Receipt,
        title: "Nessuna fattura disponibile",
        invite: "Le fatture emesse dall'impresa compariranno qui.",
      }}
    >
      {(rows) => (
        <Card>
          <ul aria-label="Le mie fatture" className="divide-y divide-border">
            {rows.map((i) => (
              <li key={i.id}>
                <Link
                  href={paths.portal.invoice(i.id)}
                  className="flex flex-wrap items-center gap-x-4 gap-y-1 p-4 hover:bg-accent/60"
                >
                  <Receipt aria-hidden className="size-5 shrink-0 text-primary" />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium">
                      {i.kind === "nota_credito" ? "Nota di credito" : "Fattura"} {i.number}
                    </span>
                    <span className="block text-sm text-muted-foreground">
                      Emessa il {formatDate(i.issueDate)} · Scadenza {formatDate(i.dueDate)}
                    </span>
                  </span>
                  <span className="text-right">
                    <span className="block font-medium tabular-nums">{formatEuro(i.totalAmount)}</span>
                    {i.kind !== "nota_credito" && i.status !== "pagata" && i.remainder !== i.totalAmount ? (
                      <span className="block text-xs text-muted-foreground">resta {formatEuro(i.remainder)}</span>
                    ) : null}
                  </span>
                  <InvoiceStatusBadge
                    status={i.status}
                    kind={i.kind}
                    remainder={i.remainder}
                    dueDate={i.dueDate}
                    today={today}
                  />
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </ListShell>
  );
}
