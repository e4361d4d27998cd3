import {
  BellRing,
  CheckCircle2,
  Clock,
  Download,
  FileCode2,
  FileMinus,
  Mail,
  Pencil,
  RefreshCw,
  Send,
  ShieldCheck,
  Trash2,
} from "lucide-react";
import { DetailHeader, DetailSection, DetailShell, type Loaded } from "@web/components/detail/detail-shell";
import { useState, type ReactNode } from "react";
import { Link, useLocation, useParams } from "wouter";
import { daysBetween, todayIso } from "@domain/dates";
import { formatDate, formatDateTime, formatEuro } from "@domain/format";
import { invoiceDocumentKindLabels, invoiceTitle, isCreditNote } from "@domain/invoices";
import { paymentMethodLabels, sdiEventLabels } from "@domain/payments";
import { contractStatuses } from "@domain/statuses";
import { DocumentLines } from "@web/components/document-lines";
import { VatTotals } from "@web/components/vat-totals";
import { countLabel, pdfFileName, formatAddress } from "@domain/wording";
import { Timeline } from "@web/components/timeline";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { isApiError } from "@web/lib/api";
import { cn } from "@web/lib/cn";
import { downloadFatturaPa } from "../api/fatturapa";
import { useDeleteInvoice, useDeletePayment, useInvoiceAction, useInvoiceTransition } from "../api/mutations";
import { useInvoice } from "../api/queries";
import { DueBadge, InvoiceStatusBadge } from "../components/invoice-status-badge";
import {
  CreditNoteDialog,
  EmailDialog,
  PaymentDialog,
  ReminderDialog,
  SdiOutcomeDialog,
} from "../components/money-dialogs";
import { EditInvoiceDialog } from "../components/edit-invoice-dialog";
import { paths } from "@web/lib/paths";

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
  return (
    <DetailShell
      query={useInvoice(id)}
      loadingLabel="Caricamento fattura..."
      notFoundTitle="Fattura non trovata"
      failedTitle="Impossibile caricare la fattura"
      backHref={paths.admin.invoices()}
      backLabel="Torna alle fatture"
    >
      {(invoice) => <InvoiceDetail invoice={invoice} />}
    </DetailShell>
  );
}

function InvoiceDetail({ invoice }: { invoice: Loaded<typeof useInvoice> }) {
  const [, navigate] = useLocation();
  const transition = useInvoiceTransition();
  const remove = useDeleteInvoice();
  const [dialog, setDialog] = useState<null | "pay" | "email" | "reminder" | "sdi" | "credit">(null);
  const [deleting, setDeleting] = useState(false);
  const [removingPayment, setRemovingPayment] = useState<string | null>(null);
  const deletePayment = useDeletePayment();
  const reissue = useInvoiceAction<{ number: string }>("reissue");
  const [editing, setEditing] = useState(false);

  const today = todayIso();
  const daysLeft = daysBetween(today, invoice.dueDate);

  async function send() {
    try {
      const issued = await transition.mutateAsync({ id: invoice.id, action: "send" });
      toastSuccess(`Fattura ${issued.number ?? ""} emessa e segnata come inviata`);
    } catch (e) {
      toastError(isApiError(e) ? e.message : "Operazione non riuscita");
    }
  }

  async function reissueNow() {
    try {
      const row = await reissue.mutateAsync({ id: invoice.id });
      toastSuccess(`Fattura ${row.number} riemessa con un nuovo file FatturaPA`);
    } catch (e) {
      toastError(isApiError(e) ? e.message : "Riemissione non riuscita");
    }
  }

  const credit = isCreditNote(invoice);
  const issued = invoice.status !== "bozza";
  const open = issued && !credit && invoice.remainder !== "0.00";
  const dialogProps = (name: NonNullable<typeof dialog>) => ({
    open: dialog === name,
    onOpenChange: (o: boolean) => setDialog(o ? name : null),
  });

  async function xml() {
    try {
      const name = await downloadFatturaPa(invoice.id);
      toastSuccess(`Fattura elettronica ${name} scaricata`);
    } catch (e) {
      toastError(isApiError(e) ? e.message : "Impossibile generare la fattura elettronica");
    }
  }

  return (
    <>
      <DetailHeader
        back={{ href: paths.admin.invoices(), label: "Fatture" }}
        title={invoiceTitle(invoice)}
        stacked
        status={
          <>
            <InvoiceStatusBadge status={invoice.status} />
            <DueBadge state={invoice.dueState} />
            <span className="text-sm text-muted-foreground">{invoiceDocumentKindLabels[invoice.kind]}</span>
            {invoice.sdiStatus ? (
              <Badge variant={invoice.sdiStatus === "scartata" ? "destructive" : "outline"}>
                SdI: {sdiEventLabels[invoice.sdiStatus]}
              </Badge>
            ) : null}
          </>
        }
        actions={
          <>
            {invoice.status === "bozza" ? (
              <Button onClick={() => void send()} disabled={transition.isPending}>
                <Send aria-hidden className="size-4" />
                Segna come inviata
              </Button>
            ) : null}
            {open ? (
              <Button onClick={() => setDialog("pay")}>
                <CheckCircle2 aria-hidden className="size-4" />
                Registra pagamento
              </Button>
            ) : null}
            {issued ? (
              <Button variant="outline" onClick={() => setDialog("email")}>
                <Mail aria-hidden className="size-4" />
                Invia al cliente
              </Button>
            ) : null}
            {open && invoice.dueState === "overdue" ? (
              <Button variant="outline" onClick={() => setDialog("reminder")}>
                <BellRing aria-hidden className="size-4" />
                Invia sollecito
              </Button>
            ) : null}
            {issued && !credit && invoice.sdiStatus !== "scartata" ? (
              <Button variant="outline" onClick={() => setDialog("credit")}>
                <FileMinus aria-hidden className="size-4" />
                Emetti nota di credito
              </Button>
            ) : null}
            {issued && invoice.sdiStatus !== "consegnata" && invoice.sdiStatus !== "scartata" ? (
              <Button variant="outline" onClick={() => setDialog("sdi")}>
                <ShieldCheck aria-hidden className="size-4" />
                Esito SdI
              </Button>
            ) : null}
            {invoice.sdiStatus === "scartata" ? (
              <Button onClick={() => void reissueNow()} disabled={reissue.isPending}>
                <RefreshCw aria-hidden className="size-4" />
                Riemetti fattura
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
          </>
        }
      >
        {invoice.status === "bozza" ? (
          <p id="fatturapa-draft-note" className="mt-2 text-sm text-muted-foreground">
            Bozza: il numero, il PDF definitivo e il file FatturaPA si generano all&apos;emissione (&laquo;Segna come
            inviata&raquo;), poi non cambiano più.
          </p>
        ) : null}
      </DetailHeader>

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <DetailSection title="Righe e importo">
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
          </DetailSection>

          {credit && invoice.creditedInvoice ? (
            <DetailSection title="Nota di credito">
              <p className="text-sm">
                Rettifica la{" "}
                <Link href={paths.admin.invoice(invoice.creditedInvoice.id)} className="font-medium underline">
                  fattura {invoice.creditedInvoice.number}
                </Link>{" "}
                del {formatDate(invoice.creditedInvoice.issueDate)}.
              </p>
              {invoice.creditReason ? <p className="mt-1 text-sm">Motivo: {invoice.creditReason}</p> : null}
            </DetailSection>
          ) : null}

          {!credit ? (
            <DetailSection title="Stato del pagamento">
              {invoice.status !== "bozza" && invoice.remainder === "0.00" && invoice.status !== "pagata" ? (
                <p className="flex items-center gap-2">
                  <CheckCircle2 aria-hidden className="size-5" />
                  Nulla da incassare: la fattura è stornata da note di credito
                </p>
              ) : invoice.status === "pagata" ? (
                <p className="flex items-center gap-2 text-success">
                  <CheckCircle2 aria-hidden className="size-5" />
                  Pagata il {invoice.paidDate ? formatDate(invoice.paidDate) : "—"}
                </p>
              ) : invoice.dueState === "overdue" ? (
                <p className="flex items-center gap-2 font-medium text-destructive">
                  <Clock aria-hidden className="size-5" />
                  Scaduta da {countLabel(invoice.daysPastDue, "giorno", "giorni")} (scadenza{" "}
                  {formatDate(invoice.dueDate)}): restano {formatEuro(invoice.remainder)}
                  {invoice.remindersSent
                    ? ` · ${countLabel(invoice.remindersSent, "sollecito inviato", "solleciti inviati")}`
                    : ""}
                </p>
              ) : (
                <p
                  className={cn(
                    "flex items-center gap-2",
                    invoice.dueState === "due-soon" && "font-medium text-warning",
                  )}
                >
                  <Clock aria-hidden className="size-5" />
                  {daysLeft === 0 ? "Scade oggi" : `Scade tra ${countLabel(daysLeft, "giorno", "giorni")}`} (
                  {formatDate(invoice.dueDate)})
                  {invoice.status === "bozza"
                    ? " · non ancora inviata"
                    : ` · da incassare ${formatEuro(invoice.remainder)}`}
                </p>
              )}
              {issued ? (
                <>
                  <dl className="mt-3 text-sm">
                    <Row label="Totale">{formatEuro(invoice.totalAmount)}</Row>
                    {invoice.netToPay !== invoice.totalAmount ? (
                      // Ritenuta or split payment: the client pays the net, the remainder is on it.
                      <Row label="Netto a pagare">{formatEuro(invoice.netToPay)}</Row>
                    ) : null}
                    <Row label="Incassato">{formatEuro(invoice.paidAmount)}</Row>
                    {invoice.creditedAmount !== "0.00" ? (
                      <Row label="Stornato con note di credito">{formatEuro(invoice.creditedAmount)}</Row>
                    ) : null}
                    <Row label="Residuo" strong>
                      {formatEuro(invoice.remainder)}
                    </Row>
                  </dl>
                  <h3 className="mt-4 mb-1 text-sm font-semibold">Pagamenti</h3>
                  {invoice.payments.length === 0 ? (
                    <p className="text-sm text-muted-foreground">Nessun pagamento registrato</p>
                  ) : (
                    <ul className="divide-y divide-border text-sm" aria-label="Pagamenti registrati">
                      {invoice.payments.map((p) => (
                        <li key={p.id} className="flex items-center justify-between gap-2 py-1.5">
                          <span>
                            {formatDate(p.date)} · {paymentMethodLabels[p.method]}
                          </span>
                          <span className="flex items-center gap-1">
                            <span className="tabular-nums">{formatEuro(p.amount)}</span>
                            <Button
                              variant="ghost"
                              size="icon"
                              aria-label={`Elimina il pagamento di ${formatEuro(p.amount)} del ${formatDate(p.date)}`}
                              onClick={() => setRemovingPayment(p.id)}
                            >
                              <Trash2 aria-hidden className="size-4 text-destructive" />
                            </Button>
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                  {invoice.creditNotes.length ? (
                    <>
                      <h3 className="mt-4 mb-1 text-sm font-semibold">Note di credito</h3>
                      <ul className="text-sm">
                        {invoice.creditNotes.map((n) => (
                          <li key={n.id} className="flex justify-between gap-2 py-1">
                            <Link href={paths.admin.invoice(n.id)} className="underline">
                              {n.number} del {formatDate(n.issueDate)}
                            </Link>
                            <span className="tabular-nums">{formatEuro(n.totalAmount)}</span>
                          </li>
                        ))}
                      </ul>
                    </>
                  ) : null}
                </>
              ) : null}
            </DetailSection>
          ) : null}

          {issued ? (
            <DetailSection title="Sistema di Interscambio (SdI)">
              {invoice.sdiEvents.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nessun esito registrato</p>
              ) : (
                <ol className="space-y-2 text-sm" aria-label="Storico SdI">
                  {invoice.sdiEvents.map((e) => (
                    <li key={e.id}>
                      <span className="font-medium">{sdiEventLabels[e.event]}</span> il {formatDate(e.date)}
                      {e.fileName ? (
                        <span className="break-all text-muted-foreground"> · file {e.fileName}</span>
                      ) : null}
                      {e.code || e.message ? (
                        <span className="block text-muted-foreground">
                          {[e.code, e.message].filter(Boolean).join(" – ")}
                        </span>
                      ) : null}
                    </li>
                  ))}
                </ol>
              )}
            </DetailSection>
          ) : null}

          <DetailSection title="Date">
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
          </DetailSection>

          <DetailSection title="Note">
            <p className="text-sm whitespace-pre-line">
              {invoice.notes ?? <span className="text-muted-foreground">Nessuna nota</span>}
            </p>
          </DetailSection>

          <DetailSection title="Cronologia">
            <Timeline entityType="invoice" entityId={invoice.id} />
          </DetailSection>
        </div>

        <div className="space-y-4">
          <DetailSection title="Cliente">
            <Link href={paths.admin.client(invoice.client.id)} className="font-medium hover:underline">
              {invoice.client.name}
            </Link>
            <p className="text-sm text-muted-foreground">{formatAddress(invoice.client)}</p>
            {invoice.client.vatNumber ? <p className="text-sm">P.IVA {invoice.client.vatNumber}</p> : null}
            {invoice.client.fiscalCode ? <p className="text-sm">C.F. {invoice.client.fiscalCode}</p> : null}
            {invoice.client.email ? <p className="text-sm">{invoice.client.email}</p> : null}
          </DetailSection>
          <DetailSection title="Contratto">
            <Link href={paths.admin.contract(invoice.contract.id)} className="font-medium hover:underline">
              {invoice.contract.number}
            </Link>{" "}
            <Badge variant="outline">{contractStatuses.label(invoice.contract.status)}</Badge>
            <p className="mt-1 text-sm">
              Preventivo{" "}
              <Link href={paths.admin.estimate(invoice.estimate.id)} className="hover:underline">
                {invoice.estimate.number}
              </Link>
              : {invoice.estimate.title}
            </p>
            <p className="text-sm text-muted-foreground">Valore {formatEuro(invoice.estimate.totalAmount)}</p>
          </DetailSection>
          <DetailSection title="Informazioni rapide">
            <dl className="text-sm">
              <Row label="Tipo">{invoiceDocumentKindLabels[invoice.kind]}</Row>
              <Row label="Progressivo">
                {invoice.sequence != null ? `${invoice.sequence}/${invoice.year}` : "all'emissione"}
              </Row>
              <Row label="Inviata il">{invoice.sentAt ? formatDateTime(invoice.sentAt) : "—"}</Row>
              <Row label="Creata il">{formatDateTime(invoice.createdAt)}</Row>
            </dl>
          </DetailSection>
        </div>
      </div>

      <PaymentDialog invoice={invoice} {...dialogProps("pay")} />
      <EmailDialog invoice={invoice} clientEmail={invoice.client.email} {...dialogProps("email")} />
      <ReminderDialog invoice={invoice} level={invoice.remindersSent + 1} {...dialogProps("reminder")} />
      <SdiOutcomeDialog invoice={invoice} {...dialogProps("sdi")} />
      <CreditNoteDialog
        invoice={invoice}
        onIssued={(noteId) => navigate(paths.admin.invoice(noteId))}
        lines={invoice.lines}
        {...dialogProps("credit")}
      />
      <ConfirmDialog
        open={removingPayment !== null}
        onOpenChange={(o) => setRemovingPayment(o ? removingPayment : null)}
        title="Elimina pagamento"
        description="Il pagamento viene eliminato e la fattura torna da incassare per quell'importo."
        pending={deletePayment.isPending}
        onConfirm={async () => {
          try {
            await deletePayment.mutateAsync({ id: invoice.id, paymentId: removingPayment! });
            toastSuccess("Pagamento eliminato");
          } catch (e) {
            toastError(isApiError(e) ? e.message : "Eliminazione non riuscita");
          }
          setRemovingPayment(null);
        }}
      />
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
            navigate(paths.admin.invoices(), { replace: true });
          } catch (e) {
            toastError(isApiError(e) && e.status === 409 ? e.message : "Errore nell'eliminazione della fattura");
          }
          setDeleting(false);
        }}
      />
    </>
  );
}
