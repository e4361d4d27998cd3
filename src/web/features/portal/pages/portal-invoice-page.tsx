import { DocumentLines } from "@web/components/document-lines";
import { VatTotals } from "@web/components/vat-totals";
import { Copy, Landmark } from "lucide-react";
import { Link, useParams } from "wouter";
import { DetailHeader, DetailSection, DetailShell } from "@web/components/detail/detail-shell";
import { InfoItem } from "@web/components/detail/info-item";
import { todayIso } from "@domain/dates";
import { formatDate, formatEuro } from "@domain/format";
import { paymentMethodLabels, type PaymentMethod } from "@domain/payments";
import type { PortalInvoice } from "@domain/portal";
import { pdfFileName } from "@domain/wording";
import { Button } from "@web/components/ui/button";
import { Card, CardContent } from "@web/components/ui/card";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { usePortalInvoice } from "../api/get-invoice";
import { InvoiceStatusBadge } from "../components/document-status-badge";
import { InfoRequestButton } from "../components/info-request-dialog";
import { PdfButton } from "../components/pdf-button";
import { SupportCard } from "../components/support-card";
import { paths } from "@web/lib/paths";

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toastSuccess(`${what} copiato`);
  } catch {
    toastError("Copia non riuscita: seleziona il testo e copialo a mano");
  }
}

/** The payments the office recorded and what is still to pay (docs/domain/invoices.md). */
function Payments({ invoice }: { invoice: PortalInvoice }) {
  if (invoice.kind === "nota_credito") return null;
  return (
    <DetailSection title="Pagamenti" contentClassName="grid gap-3 text-sm">
      {invoice.payments.length === 0 ? (
        <p className="text-muted-foreground">Nessun pagamento registrato finora.</p>
      ) : (
        <ul className="divide-y divide-border" aria-label="Pagamenti ricevuti">
          {invoice.payments.map((p, i) => (
            <li key={i} className="flex justify-between gap-3 py-1.5">
              <span>
                {formatDate(p.date)} · {paymentMethodLabels[p.method as PaymentMethod] ?? p.method}
              </span>
              <span className="tabular-nums">{formatEuro(p.amount)}</span>
            </li>
          ))}
        </ul>
      )}
      <dl className="grid gap-1 border-t border-border pt-2">
        <div className="flex justify-between gap-3">
          <dt className="text-muted-foreground">Già pagato</dt>
          <dd className="tabular-nums">{formatEuro(invoice.paidAmount)}</dd>
        </div>
        <div className="flex justify-between gap-3 font-semibold">
          <dt>Resta da pagare</dt>
          <dd className="tabular-nums">{formatEuro(invoice.remainder)}</dd>
        </div>
      </dl>
    </DetailSection>
  );
}

function Payment({ invoice }: { invoice: PortalInvoice }) {
  const p = invoice.payment;
  if (invoice.kind === "nota_credito") return null;
  if (invoice.status === "pagata" || invoice.remainder === "0.00") {
    return (
      <p role="status" className="rounded-lg border border-success/40 bg-success-soft p-4 text-success-soft-foreground">
        Fattura pagata{invoice.paidDate ? ` il ${formatDate(invoice.paidDate)}` : ""}. Grazie!
      </p>
    );
  }
  return (
    <DetailSection title="Come pagare" icon={Landmark} contentClassName="grid gap-4 text-sm">
      <p>
        Bonifico bancario di <strong>{formatEuro(invoice.remainder)}</strong> entro il{" "}
        <strong>{formatDate(invoice.dueDate)}</strong>.
      </p>
      <dl className="grid gap-3">
        <div>
          <dt className="text-muted-foreground">Beneficiario</dt>
          <dd className="font-medium">{p.beneficiary}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">IBAN</dt>
          <dd className="flex flex-wrap items-center gap-2">
            {p.iban ? (
              <>
                <span className="font-mono font-medium break-all">{p.iban.replace(/(.{4})/g, "$1 ").trim()}</span>
                <Button size="sm" variant="ghost" onClick={() => void copy(p.iban!, "IBAN")} aria-label="Copia IBAN">
                  <Copy aria-hidden />
                </Button>
              </>
            ) : (
              <span>Chiedi le coordinate bancarie all'impresa.</span>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Causale</dt>
          <dd className="flex items-start gap-2">
            <span className="rounded-md bg-muted p-2 font-mono wrap-anywhere">{p.causale}</span>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => void copy(p.causale, "Causale")}
              aria-label="Copia causale"
            >
              <Copy aria-hidden />
            </Button>
          </dd>
        </div>
      </dl>
      {p.taxDeduction ? (
        <div className="rounded-lg border border-info/40 bg-info-soft p-3 text-info-soft-foreground">
          <p className="font-medium">Detrazione fiscale per i lavori sulla casa</p>
          <p className="mt-1">
            Per usufruire della detrazione per il recupero del patrimonio edilizio (art. 16-bis del DPR 917/1986) paga
            con un <strong>bonifico parlante</strong> (in banca o in home banking: "bonifico per ristrutturazione
            edilizia") e usa esattamente questa causale, con il codice fiscale di chi beneficia della detrazione e la
            partita IVA dell'impresa.
          </p>
          {p.missingFiscalCode ? (
            <p className="mt-1">
              Sostituisci [codice fiscale] con il codice fiscale di chi usufruisce della detrazione.
            </p>
          ) : null}
        </div>
      ) : null}
    </DetailSection>
  );
}

export default function PortalInvoicePage() {
  const { id = "" } = useParams<{ id: string }>();
  return (
    <DetailShell
      query={usePortalInvoice(id)}
      loadingLabel="Caricamento fattura..."
      notFoundTitle="Fattura non trovata"
      failedTitle="Impossibile caricare la fattura"
      backHref={paths.portal.invoices()}
      backLabel="Torna alle fatture"
    >
      {(invoice) => <PortalInvoiceDetail invoice={invoice} />}
    </DetailShell>
  );
}

function PortalInvoiceDetail({ invoice }: { invoice: PortalInvoice }) {
  return (
    <>
      <DetailHeader
        back={{ href: paths.portal.invoices(), label: "Le Mie Fatture" }}
        title={`${invoice.kind === "nota_credito" ? "Nota di credito" : "Fattura"} ${invoice.number}`}
        status={
          <InvoiceStatusBadge
            status={invoice.status}
            kind={invoice.kind}
            remainder={invoice.remainder}
            dueDate={invoice.dueDate}
            today={todayIso()}
          />
        }
        actions={
          <PdfButton
            href={`/api/portal/invoices/${invoice.id}/pdf`}
            fileName={pdfFileName("Fattura", invoice.number)}
          />
        }
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="grid content-start gap-4 lg:col-span-2">
          <DetailSection title="Dettagli">
            <dl className="grid gap-4 sm:grid-cols-2">
              <InfoItem label="Data di emissione">{formatDate(invoice.issueDate)}</InfoItem>
              <InfoItem label="Scadenza">{formatDate(invoice.dueDate)}</InfoItem>
              <InfoItem label="Contratto">{invoice.contractNumber}</InfoItem>
              <InfoItem label="Preventivo">
                <Link
                  href={paths.portal.estimate(invoice.estimate.id)}
                  className="text-primary underline underline-offset-2"
                >
                  {invoice.estimate.number}
                </Link>{" "}
                · {invoice.estimate.title}
              </InfoItem>
            </dl>
            <div className="mt-4 border-t border-border pt-4">
              <DocumentLines lines={invoice.lines} label="Righe della fattura" />
              <VatTotals className="mt-4" vat={invoice.vat} />
            </div>
            {invoice.notes ? (
              <p className="mt-4 text-sm whitespace-pre-line text-muted-foreground">{invoice.notes}</p>
            ) : null}
          </DetailSection>
          <Payments invoice={invoice} />
          <Payment invoice={invoice} />
        </div>
        <div className="grid content-start gap-4">
          <Card>
            <CardContent className="grid gap-2 pt-4 *:w-full sm:pt-6">
              <InfoRequestButton
                subject={`Informazioni sulla fattura ${invoice.number}`}
                entityType="invoice"
                entityId={invoice.id}
              />
            </CardContent>
          </Card>
          <SupportCard />
        </div>
      </div>
    </>
  );
}
