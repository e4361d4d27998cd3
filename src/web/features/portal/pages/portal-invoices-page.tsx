import { Receipt } from "lucide-react";
import { Link } from "wouter";
import { todayIso } from "@domain/dates";
import { formatDate, formatEuro } from "@domain/format";
import { countLabel } from "@domain/wording";
import { Card } from "@web/components/ui/card";
import { EmptyState } from "@web/components/ui/empty-state";
import { PageHeader } from "@web/components/ui/page-header";
import { Pagination } from "@web/components/ui/pagination";
import { Spinner } from "@web/components/ui/spinner";
import { useListParams } from "@web/lib/use-list-params";
import { usePortalInvoices } from "../api/list-invoices";
import { BackButton } from "../components/back-button";
import { InvoiceStatusBadge } from "../components/document-status-badge";
import { paths } from "@web/lib/paths";

const PAGE_SIZE = 20;
const NO_FILTERS = [] as const;

export default function PortalInvoicesPage() {
  const { offset, set } = useListParams(NO_FILTERS, PAGE_SIZE);
  const { data, isPending, isError } = usePortalInvoices({ limit: PAGE_SIZE, offset });
  const today = todayIso();

  return (
    <>
      <BackButton />
      <PageHeader
        title="Le Mie Fatture"
        description={data ? countLabel(data.total, "fattura", "fatture", data.capped) : undefined}
      />
      {isPending ? (
        <Spinner label="Caricamento fatture..." />
      ) : isError || !data ? (
        <EmptyState title="Impossibile caricare le fatture" />
      ) : data.rows.length === 0 ? (
        <EmptyState
          icon={Receipt}
          title="Nessuna fattura disponibile"
          description="Le fatture emesse dall'impresa compariranno qui."
        />
      ) : (
        <Card>
          <ul className="divide-y divide-border">
            {data.rows.map((i) => (
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
      {data && data.total > PAGE_SIZE ? (
        <Pagination
          total={data.total}
          capped={data.capped}
          limit={PAGE_SIZE}
          offset={offset}
          onOffsetChange={(o: number) => set({ offset: o })}
          className="mt-4"
        />
      ) : null}
    </>
  );
}
