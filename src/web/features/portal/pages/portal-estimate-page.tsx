import { CheckCircle2, PenLine } from "lucide-react";
import { useState } from "react";
import { useParams } from "wouter";
import { DetailLoading, DetailNotFound } from "@web/components/detail/detail-states";
import { formatDate, formatDateTime, formatDecimal, formatEuro } from "@domain/format";
import type { PortalEstimate } from "@domain/portal";
import { VatTotals } from "@web/components/vat-totals";
import { pdfFileName, formatAddress } from "@domain/wording";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { usePortalEstimate } from "../api/get-estimate";
import { AcceptEstimateDialog } from "../components/accept-estimate-dialog";
import { BackButton } from "../components/back-button";
import { ChangeRequestDialog } from "../components/change-request-dialog";
import { EstimateStatusBadge } from "../components/document-status-badge";
import { InfoRequestButton } from "../components/info-request-dialog";
import { PdfButton } from "../components/pdf-button";
import { SupportCard } from "../components/support-card";
import { paths } from "@web/lib/paths";

function Lines({ items }: { items: PortalEstimate["items"] }) {
  if (items.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Dettaglio Servizi</CardTitle>
      </CardHeader>
      <CardContent>
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
      </CardContent>
    </Card>
  );
}

function Summary({ estimate }: { estimate: PortalEstimate }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Riepilogo Costi</CardTitle>
      </CardHeader>
      <CardContent>
        <VatTotals totals={estimate} vat={estimate.vat} />
      </CardContent>
    </Card>
  );
}

export default function PortalEstimatePage() {
  const { id = "" } = useParams<{ id: string }>();
  const { data: estimate, isPending, error } = usePortalEstimate(id);
  const [accepting, setAccepting] = useState(false);
  const [changing, setChanging] = useState(false);

  if (isPending) return <DetailLoading label="Caricamento preventivo..." />;
  if (!estimate) {
    return (
      <DetailNotFound
        error={error}
        notFoundTitle="Preventivo non trovato"
        failedTitle="Impossibile caricare il preventivo"
        backHref={paths.portal.home()}
        backLabel="Torna alla Dashboard"
      />
    );
  }
  const c = estimate.client;

  return (
    <>
      <BackButton />
      <div className="mb-6 flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <h1 className="text-2xl font-semibold">Preventivo {estimate.number}</h1>
          <p className="mt-1 wrap-anywhere text-muted-foreground">{estimate.title}</p>
          <div className="mt-2">
            <EstimateStatusBadge status={estimate.status} expired={estimate.expired} />
          </div>
        </div>
        <PdfButton
          href={`/api/portal/estimates/${estimate.id}/pdf`}
          fileName={pdfFileName("Preventivo", estimate.number)}
        />
      </div>

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
          <Card>
            <CardHeader>
              <CardTitle>Descrizione dei lavori</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <dl className="grid gap-4 sm:grid-cols-2">
                <div>
                  <dt className="text-sm text-muted-foreground">Data di creazione</dt>
                  <dd>{formatDate(estimate.createdAt)}</dd>
                </div>
                <div>
                  <dt className="text-sm text-muted-foreground">Validità fino a</dt>
                  <dd>{formatDate(estimate.expiresAt)}</dd>
                </div>
              </dl>
              <p className="whitespace-pre-line">{estimate.description}</p>
            </CardContent>
          </Card>
          <Lines items={estimate.items} />
          <Summary estimate={estimate} />
        </div>

        <div className="grid content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle>Azioni</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2 *:w-full">
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
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Dati cliente</CardTitle>
            </CardHeader>
            <CardContent>
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
            </CardContent>
          </Card>
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
