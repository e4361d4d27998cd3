import { CheckCircle2, PenLine } from "lucide-react";
import { useState } from "react";
import { useParams } from "wouter";
import { DetailHeader, DetailSection, DetailShell } from "@web/components/detail/detail-shell";
import { InfoItem } from "@web/components/detail/info-item";
import { formatDate, formatDateTime, formatDecimal, formatEuro } from "@domain/format";
import type { PortalEstimate } from "@domain/portal";
import { VatTotals } from "@web/components/vat-totals";
import { pdfFileName, formatAddress } from "@domain/wording";
import { Button } from "@web/components/ui/button";
import { usePortalEstimate } from "../api/get-estimate";
import { AcceptEstimateDialog } from "../components/accept-estimate-dialog";
import { ChangeRequestDialog } from "../components/change-request-dialog";
import { EstimateStatusBadge } from "../components/document-status-badge";
import { InfoRequestButton } from "../components/info-request-dialog";
import { PdfButton } from "../components/pdf-button";
import { SupportCard } from "../components/support-card";
import { paths } from "@web/lib/paths";

function Lines({ items }: { items: PortalEstimate["items"] }) {
  if (items.length === 0) return null;
  return (
    <DetailSection title="Dettaglio Servizi">
      <ul className="divide-y divide-border">
        {items.map((item) => (
          <li key={item.id} className="grid gap-1 py-3 sm:grid-cols-[1fr_auto] sm:gap-4">
            <div className="min-w-0">
              <p className="font-medium wrap-anywhere">{item.description}</p>
              <p className="text-sm text-muted-foreground">
                {formatDecimal(item.quantity)} {item.unit} × {formatEuro(item.unitPrice)}
              </p>
              {item.notes ? <p className="text-sm whitespace-pre-line text-muted-foreground">{item.notes}</p> : null}
            </div>
            <p className="font-medium tabular-nums sm:text-end">{formatEuro(item.totalPrice)}</p>
          </li>
        ))}
      </ul>
    </DetailSection>
  );
}

function Summary({ estimate }: { estimate: PortalEstimate }) {
  return (
    <DetailSection title="Riepilogo Costi">
      <VatTotals totals={estimate} vat={estimate.vat} />
    </DetailSection>
  );
}

export default function PortalEstimatePage() {
  const { id = "" } = useParams<{ id: string }>();
  return (
    <DetailShell
      query={usePortalEstimate(id)}
      loadingLabel="Caricamento preventivo..."
      notFoundTitle="Preventivo non trovato"
      failedTitle="Impossibile caricare il preventivo"
      backHref={paths.portal.home()}
      backLabel="Torna alla Dashboard"
    >
      {(estimate) => <PortalEstimateDetail estimate={estimate} />}
    </DetailShell>
  );
}

function PortalEstimateDetail({ estimate }: { estimate: PortalEstimate }) {
  const [accepting, setAccepting] = useState(false);
  const [changing, setChanging] = useState(false);
  const c = estimate.client;

  return (
    <>
      <DetailHeader
        back={{ href: paths.portal.home(), label: "Torna alla Dashboard" }}
        title={`Preventivo ${estimate.number}`}
        status={
          <>
            <EstimateStatusBadge status={estimate.status} expired={estimate.expired} />
            <span className="text-sm wrap-anywhere text-muted-foreground">{estimate.title}</span>
          </>
        }
        actions={
          <PdfButton
            href={`/api/portal/estimates/${estimate.id}/pdf`}
            fileName={pdfFileName("Preventivo", estimate.number)}
          />
        }
      />

      {estimate.status === "accettato" && estimate.acceptedAt ? (
        <div
          role="status"
          className="mb-4 flex items-start gap-3 rounded-lg border border-success/40 bg-success-soft p-4 text-success-soft-foreground"
        >
          <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0" />
          <p>
            Preventivo accettato il {formatDateTime(estimate.acceptedAt)}
            {estimate.acceptedBy ? ` da ${estimate.acceptedBy}` : ""}. Il contratto è in preparazione: ti contatteremo
            per programmare i lavori.
          </p>
        </div>
      ) : null}
      {estimate.status === "inviato" && estimate.expired ? (
        <p
          role="status"
          className="mb-4 rounded-lg border border-warning/40 bg-warning-soft p-4 text-warning-soft-foreground"
        >
          La validità di questo preventivo è scaduta il {formatDate(estimate.expiresAt)}: chiedi all'impresa di
          aggiornarlo.
        </p>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="grid content-start gap-4 lg:col-span-2">
          <DetailSection title="Descrizione dei lavori" contentClassName="grid gap-4">
            <dl className="grid gap-4 sm:grid-cols-2">
              <InfoItem label="Data di creazione">{formatDate(estimate.createdAt)}</InfoItem>
              <InfoItem label="Validità fino a">{formatDate(estimate.expiresAt)}</InfoItem>
            </dl>
            <p className="whitespace-pre-line">{estimate.description}</p>
          </DetailSection>
          <Lines items={estimate.items} />
          <Summary estimate={estimate} />
        </div>

        <div className="grid content-start gap-4">
          <DetailSection title="Azioni" contentClassName="grid gap-2 *:w-full">
            {estimate.canAccept ? (
              <Button onClick={() => setAccepting(true)}>
                <CheckCircle2 aria-hidden />
                Accetta Preventivo
              </Button>
            ) : null}
            {estimate.status === "inviato" ? (
              <Button variant="outline" onClick={() => setChanging(true)}>
                <PenLine aria-hidden />
                Richiedi Modifiche
              </Button>
            ) : null}
            <InfoRequestButton
              subject={`Informazioni sul preventivo ${estimate.number}`}
              entityType="estimate"
              entityId={estimate.id}
            />
          </DetailSection>
          <DetailSection title="Dati cliente">
            <dl className="grid gap-2 text-sm">
              <div>
                <dt className="text-muted-foreground">Nome</dt>
                <dd className="font-medium">{c.name}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Indirizzo</dt>
                <dd>{formatAddress(c)}</dd>
              </div>
              {c.phone ? (
                <div>
                  <dt className="text-muted-foreground">Telefono</dt>
                  <dd>{c.phone}</dd>
                </div>
              ) : null}
              {c.email ? (
                <div>
                  <dt className="text-muted-foreground">E-mail</dt>
                  <dd className="break-all">{c.email}</dd>
                </div>
              ) : null}
              {c.vatNumber || c.fiscalCode ? (
                <div>
                  <dt className="text-muted-foreground">{c.vatNumber ? "Partita IVA" : "Codice fiscale"}</dt>
                  <dd>{c.vatNumber ?? c.fiscalCode}</dd>
                </div>
              ) : null}
            </dl>
          </DetailSection>
          <SupportCard />
        </div>
      </div>

      <AcceptEstimateDialog estimate={estimate} open={accepting} onOpenChange={setAccepting} />
      <ChangeRequestDialog
        estimateId={estimate.id}
        number={estimate.number}
        open={changing}
        onOpenChange={setChanging}
      />
    </>
  );
}
