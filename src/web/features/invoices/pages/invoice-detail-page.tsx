import { ArrowLeft, CheckCircle2, Clock, Download, FileCode2, Pencil, Send, Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, useLocation, useParams } from "wouter";
import { daysBetween, todayIso } from "@domain/dates";
import { formatDate, formatDateTime, formatEuro } from "@domain/format";
import { invoiceKindLabels, invoiceTitle } from "@domain/invoices";
import { contractStatuses } from "@domain/statuses";
import { DocumentLines } from "@web/components/document-lines";
import { VatTotals } from "@web/components/vat-totals";
import { countLabel, pdfFileName, formatAddress } from "@domain/wording";
import { Timeline } from "@web/components/timeline";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { EmptyState } from "@web/components/ui/empty-state";
import { Spinner } from "@web/components/ui/spinner";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { isApiError } from "@web/lib/api";
import { cn } from "@web/lib/cn";
import { downloadFatturaPa } from "../api/fatturapa";
import { useDeleteInvoice, useInvoiceTransition } from "../api/mutations";
import { useInvoice } from "../api/queries";
import { DueBadge, InvoiceStatusBadge } from "../components/invoice-status-badge";
import { EditInvoiceDialog } from "../components/edit-invoice-dialog";
import { PayInvoiceDialog } from "../components/pay-invoice-dialog";

function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Row({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div
      className={cn("flex justify-between gap-3 py-1", strong && "border-t border-border pt-2 text-base font-semibold")}
    >
      <dt className={strong ? undefined : "text-muted-foreground"}>{label}</dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </div>
  );
}

export default function InvoiceDetailPage() {
  const { id = "" } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const { data: invoice, isPending, error } = useInvoice(id);
  const transition = useInvoiceTransition();
  const remove = useDeleteInvoice();
  const [paying, setPaying] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [editing, setEditing] = useState(false);

  if (isPending) return <Spinner label="Caricamento fattura..." />;
  if (!invoice) {
    const missing = isApiError(error) && (error.status === 404 || error.status === 400);
    return (
      <EmptyState
        title={missing ? "Fattura non trovata" : "Impossibile caricare la fattura"}
        action={
          <Button asChild variant="outline">
            <Link href="/admin/invoices">Torna alle fatture</Link>
          </Button>
        }
      />
    );
  }

  const today = todayIso();
  const daysLeft = daysBetween(today, invoice.dueDate);

  async function send() {
    try {
      const issued = await transition.mutateAsync({ id: invoice!.id, action: "send" });
      toastSuccess(`Fattura ${issued.number ?? ""} emessa e segnata come inviata`);
    } catch (e) {
      toastError(isApiError(e) ? e.message : "Operazione non riuscita");
    }
  }

  async function xml() {
    try {
      const name = await downloadFatturaPa(invoice!.id);
      toastSuccess(`Fattura elettronica ${name} scaricata`);
    } catch (e) {
      toastError(isApiError(e) ? e.message : "Impossibile generare la fattura elettronica");
    }
  }

  return (
    <>
      <Button asChild variant="ghost" className="mb-2 -ml-2">
        <Link href="/admin/invoices">
          <ArrowLeft aria-hidden className="size-4" />
          Fatture
        </Link>
      </Button>
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-semibold">{invoiceTitle(invoice)}</h1>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <InvoiceStatusBadge status={invoice.status} />
            <DueBadge state={invoice.dueState} />
            <span className="text-sm text-muted-foreground">{invoiceKindLabels[invoice.kind]}</span>
          </div>
          {invoice.status === "bozza" ? (
            <p id="fatturapa-draft-note" className="mt-2 text-sm text-muted-foreground">
              Bozza: il numero, il PDF definitivo e il file FatturaPA si generano all&apos;emissione (&laquo;Segna come
              inviata&raquo;), poi non cambiano più.
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {invoice.status === "bozza" ? (
            <Button onClick={() => void send()} disabled={transition.isPending}>
              <Send aria-hidden className="size-4" />
              Segna come inviata
            </Button>
          ) : null}
          {invoice.status === "inviata" ? (
            <Button onClick={() => setPaying(true)}>
              <CheckCircle2 aria-hidden className="size-4" />
              Registra pagamento
            </Button>
          ) : null}
          <Button asChild variant="outline">
            <a href={`/api/invoices/${invoice.id}/pdf?download=1`} download={pdfFileName("Fattura", invoice.number)}>
              <Download aria-hidden className="size-4" />
              Scarica PDF
            </a>
          </Button>
          <Button
            variant="outline"
            onClick={() => void xml()}
            disabled={invoice.status === "bozza"}
            aria-describedby={invoice.status === "bozza" ? "fatturapa-draft-note" : undefined}
          >
            <FileCode2 aria-hidden className="size-4" />
            FatturaPA XML
          </Button>
          {invoice.status === "bozza" && invoice.editable ? (
            <Button variant="outline" onClick={() => setEditing(true)}>
              <Pencil aria-hidden className="size-4" />
              Modifica
            </Button>
          ) : null}
          {invoice.editable ? (
            <Button variant="outline" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden className="size-4 text-destructive" />
              Elimina
            </Button>
          ) : null}
        </div>
      </div>

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Panel title="Righe e importo">
            <DocumentLines lines={invoice.lines} label="Righe della fattura" />
            <VatTotals
              className="mt-4 sm:ml-auto sm:w-96"
              vat={invoice.vat}
              error={
                invoice.vat
                  ? null
                  : "L'IVA non è calcolabile con i dati attuali del cliente: correggili prima di emettere la fattura"
              }
            />
          </Panel>

          <Panel title="Stato del pagamento">
            {invoice.status === "pagata" ? (
              <p className="flex items-center gap-2 text-success">
                <CheckCircle2 aria-hidden className="size-5" />
                Pagata il {invoice.paidDate ? formatDate(invoice.paidDate) : "—"}
              </p>
            ) : invoice.dueState === "overdue" ? (
              <p className="flex items-center gap-2 font-medium text-destructive">
                <Clock aria-hidden className="size-5" />
                Scaduta da {Math.abs(daysLeft)} giorni (scadenza {formatDate(invoice.dueDate)})
              </p>
            ) : (
              <p
                className={cn("flex items-center gap-2", invoice.dueState === "due-soon" && "font-medium text-warning")}
              >
                <Clock aria-hidden className="size-5" />
                {daysLeft === 0 ? "Scade oggi" : `Scade tra ${countLabel(daysLeft, "giorno", "giorni")}`} (
                {formatDate(invoice.dueDate)})
                {invoice.status === "bozza" ? " · non ancora inviata" : " · in attesa di pagamento"}
              </p>
            )}
          </Panel>

          <Panel title="Date">
            <dl className="grid gap-2 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-muted-foreground">Emissione</dt>
                <dd>{formatDate(invoice.issueDate)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Scadenza</dt>
                <dd className={invoice.dueState === "overdue" ? "font-semibold text-destructive" : undefined}>
                  {formatDate(invoice.dueDate)}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Pagamento</dt>
                <dd>{invoice.paidDate ? formatDate(invoice.paidDate) : "—"}</dd>
              </div>
            </dl>
          </Panel>

          <Panel title="Note">
            <p className="text-sm whitespace-pre-line">
              {invoice.notes ?? <span className="text-muted-foreground">Nessuna nota</span>}
            </p>
          </Panel>

          <Panel title="Cronologia">
            <Timeline entityType="invoice" entityId={invoice.id} />
          </Panel>
        </div>

        <div className="space-y-4">
          <Panel title="Cliente">
            <Link href={`/admin/clients/${invoice.client.id}`} className="font-medium hover:underline">
              {invoice.client.name}
            </Link>
            <p className="text-sm text-muted-foreground">{formatAddress(invoice.client)}</p>
            {invoice.client.vatNumber ? <p className="text-sm">P.IVA {invoice.client.vatNumber}</p> : null}
            {invoice.client.fiscalCode ? <p className="text-sm">C.F. {invoice.client.fiscalCode}</p> : null}
            {invoice.client.email ? <p className="text-sm">{invoice.client.email}</p> : null}
          </Panel>
          <Panel title="Contratto">
            <Link href={`/admin/contracts/${invoice.contract.id}`} className="font-medium hover:underline">
              {invoice.contract.number}
            </Link>{" "}
            <Badge variant="outline">{contractStatuses.label(invoice.contract.status)}</Badge>
            <p className="mt-1 text-sm">
              Preventivo{" "}
              <Link href={`/admin/quotes/${invoice.estimate.id}`} className="hover:underline">
                {invoice.estimate.number}
              </Link>
              : {invoice.estimate.title}
            </p>
            <p className="text-sm text-muted-foreground">Valore {formatEuro(invoice.estimate.totalAmount)}</p>
          </Panel>
          <Panel title="Informazioni rapide">
            <dl className="text-sm">
              <Row label="Tipo">{invoiceKindLabels[invoice.kind]}</Row>
              <Row label="Progressivo">
                {invoice.sequence != null ? `${invoice.sequence}/${invoice.year}` : "all'emissione"}
              </Row>
              <Row label="Inviata il">{invoice.sentAt ? formatDateTime(invoice.sentAt) : "—"}</Row>
              <Row label="Creata il">{formatDateTime(invoice.createdAt)}</Row>
            </dl>
          </Panel>
        </div>
      </div>

      <PayInvoiceDialog invoice={invoice} open={paying} onOpenChange={setPaying} />
      <EditInvoiceDialog invoice={invoice} open={editing} onOpenChange={setEditing} />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Elimina fattura"
        description={`Sei sicuro di voler eliminare questa bozza di fattura? L'operazione non si può annullare.`}
        pending={remove.isPending}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(invoice.id);
            toastSuccess("Fattura eliminata con successo");
            navigate("/admin/invoices", { replace: true });
          } catch (e) {
            toastError(isApiError(e) && e.status === 409 ? e.message : "Errore nell'eliminazione della fattura");
          }
          setDeleting(false);
        }}
      />
    </>
  );
}
