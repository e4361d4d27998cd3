import { Download, FilePlus2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, useLocation, useParams } from "wouter";
import { contractActions, nextContractAction } from "@domain/contracts";
import { VatTotals } from "@web/components/vat-totals";
import { DetailDeleteButton } from "@web/components/detail/detail-actions";
import { DetailHeader, DetailSection, DetailShell, type Loaded } from "@web/components/detail/detail-shell";
import { formatDate, formatDateTime, formatEuro } from "@domain/format";
import { invoiceKindLabels, type InvoiceKind } from "@domain/invoices";
import { invoiceStatuses, siteStatuses } from "@domain/statuses";
import { pdfFileName, formatAddress } from "@domain/wording";
import { Timeline } from "@web/components/timeline";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { Progress } from "@web/components/ui/progress";
import { toastError, toastSuccess } from "@web/components/ui/toast";
import { isApiError } from "@web/lib/api";
import { useContractTransition, useDeleteContract } from "../api/mutations";
import { useContract } from "../api/queries";
import { ContractStatusBadge } from "../components/contract-status-badge";
import { SignContractDialog } from "../components/sign-contract-dialog";
import { showsProcurementCodes, TermsEditor } from "../components/terms-editor";
import { paths } from "@web/lib/paths";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 py-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium tabular-nums">{children}</dd>
    </div>
  );
}

export default function ContractDetailPage() {
  const { id = "" } = useParams<{ id: string }>();
  return (
    <DetailShell
      query={useContract(id)}
      loadingLabel="Caricamento contratto..."
      notFoundTitle="Contratto non trovato"
      failedTitle="Impossibile caricare il contratto"
      backHref={paths.admin.contracts()}
      backLabel="Torna ai contratti"
    >
      {(contract) => <ContractDetail contract={contract} />}
    </DetailShell>
  );
}

function ContractDetail({ contract }: { contract: Loaded<typeof useContract> }) {
  const [, navigate] = useLocation();
  const transition = useContractTransition();
  const remove = useDeleteContract();
  const [signing, setSigning] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const next = nextContractAction(contract.status);
  const f = contract.financials;
  const canInvoice = contract.status !== "bozza";

  async function runAction() {
    if (!next || !contract) return;
    if (next === "sign") return setSigning(true);
    try {
      await transition.mutateAsync({ id: contract.id, action: next });
      toastSuccess(contractActions[next].done);
    } catch (e) {
      toastError(isApiError(e) ? e.message : "Operazione non riuscita");
    }
  }

  return (
    <>
      <DetailHeader
        back={{ href: paths.admin.contracts(), label: "Contratti" }}
        title={`Contratto ${contract.number}`}
        status={
          <>
            <ContractStatusBadge status={contract.status} />
            <span className="text-sm text-muted-foreground">{contract.estimate.title}</span>
          </>
        }
        actions={
          <>
            {next ? (
              <Button onClick={() => void runAction()} disabled={transition.isPending}>
                {contractActions[next].label}
              </Button>
            ) : null}
            {canInvoice ? (
              <Button asChild variant="outline">
                <Link href={paths.admin.invoices({ new: 1, contractId: contract.id })}>
                  <FilePlus2 aria-hidden className="size-4" />
                  Nuova Fattura
                </Link>
              </Button>
            ) : null}
            <Button asChild variant="outline">
              <a
                href={`/api/contracts/${contract.id}/pdf?download=1`}
                download={pdfFileName("Contratto", contract.number)}
              >
                <Download aria-hidden className="size-4" />
                Scarica PDF
              </a>
            </Button>
            {contract.editable ? <DetailDeleteButton onClick={() => setDeleting(true)} /> : null}
          </>
        }
      />

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <DetailSection title="Situazione finanziaria">
            <dl className="text-sm">
              <Row label="Valore del preventivo (imponibile)">{formatEuro(f.value)}</Row>
              <Row label="Fatturato">{formatEuro(f.invoiced)}</Row>
              <Row label="Pagato (imponibile)">{formatEuro(f.paid)}</Row>
              <Row label="Incassato (IVA inclusa)">{formatEuro(f.collected)}</Row>
              <Row label="Da fatturare">{formatEuro(f.remaining)}</Row>
            </dl>
            <div className="mt-3">
              <div className="mb-1 flex justify-between text-sm">
                <span className="text-muted-foreground">Avanzamento fatturazione</span>
                <span className="tabular-nums">{f.invoicedPercent.replace(".", ",")}%</span>
              </div>
              <Progress value={f.barPercent} label="Avanzamento fatturazione" />
              {f.overInvoiced ? (
                <p className="mt-2 text-sm text-warning">Il fatturato supera il valore del contratto.</p>
              ) : null}
            </div>
          </DetailSection>

          <DetailSection title="Fatture">
            {contract.invoices.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                {canInvoice
                  ? "Nessuna fattura emessa per questo contratto"
                  : "Le fatture si emettono dopo la firma del contratto"}
              </p>
            ) : (
              <ul className="divide-y divide-border">
                {contract.invoices.map((inv) => (
                  <li key={inv.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
                    <Link href={paths.admin.invoice(inv.id)} className="font-medium hover:underline">
                      {inv.number ?? "Bozza di fattura"}
                    </Link>
                    <span className="text-muted-foreground">{invoiceKindLabels[inv.kind as InvoiceKind]}</span>
                    <Badge
                      variant={inv.status === "pagata" ? "success" : inv.status === "inviata" ? "info" : "secondary"}
                    >
                      {invoiceStatuses.label(inv.status)}
                    </Badge>
                    <span className="ml-auto tabular-nums">{formatEuro(inv.amount)}</span>
                    <span className="text-muted-foreground">{formatDate(inv.issueDate)}</span>
                  </li>
                ))}
              </ul>
            )}
          </DetailSection>

          <DetailSection title="Condizioni contrattuali">
            <TermsEditor contract={contract} />
          </DetailSection>

          <DetailSection title="Cronologia">
            <Timeline entityType="contract" entityId={contract.id} />
          </DetailSection>
        </div>

        <div className="space-y-4">
          <DetailSection title="Date">
            <dl className="text-sm">
              <Row label="Creato il">{formatDate(contract.createdAt)}</Row>
              <Row label="Data firma">{contract.signedDate ? formatDate(contract.signedDate) : "Non firmato"}</Row>
              {contract.signedBy ? <Row label="Firmato online da">{contract.signedBy}</Row> : null}
              <Row label="Attivato il">{contract.activatedAt ? formatDate(contract.activatedAt) : "—"}</Row>
              <Row label="Completato il">{contract.completedAt ? formatDate(contract.completedAt) : "—"}</Row>
            </dl>
          </DetailSection>
          {showsProcurementCodes(contract) ? (
            <DetailSection title="Appalto pubblico">
              <dl className="text-sm">
                <Row label="CIG">{contract.cig ?? "—"}</Row>
                <Row label="CUP">{contract.cup ?? "—"}</Row>
              </dl>
              <p className="mt-2 text-xs text-muted-foreground">
                Riportati nella fattura elettronica (DatiContratto).
                {contract.editable ? " Si modificano con le condizioni, finché il contratto è in bozza." : ""}
              </p>
            </DetailSection>
          ) : null}
          <DetailSection title="Cliente">
            <Link href={paths.admin.client(contract.client.id)} className="font-medium hover:underline">
              {contract.client.name}
            </Link>
            <p className="text-sm text-muted-foreground">{formatAddress(contract.client)}</p>
            {contract.client.email ? <p className="text-sm">{contract.client.email}</p> : null}
            {contract.client.phone ? <p className="text-sm">{contract.client.phone}</p> : null}
          </DetailSection>
          <DetailSection title="Preventivo">
            <Link href={paths.admin.estimate(contract.estimate.id)} className="font-medium hover:underline">
              {contract.estimate.number}
            </Link>
            <p className="text-sm">{contract.estimate.title}</p>
            <VatTotals className="mt-2" vat={contract.vat} />
            {contract.estimate.acceptedBy ? (
              <p className="mt-2 text-sm">
                Accettato da {contract.estimate.acceptedBy}
                {contract.estimate.acceptedAt ? ` il ${formatDateTime(contract.estimate.acceptedAt)}` : ""}
              </p>
            ) : null}
          </DetailSection>
          {contract.sites.length ? (
            <DetailSection title="Cantieri">
              <ul className="space-y-2 text-sm">
                {contract.sites.map((s) => (
                  <li key={s.id}>
                    <Link href={paths.admin.site(s.id)} className="font-medium hover:underline">
                      {s.name}
                    </Link>
                    <span className="text-muted-foreground">
                      {" "}
                      · {siteStatuses.label(s.status)} · {s.progress}%
                    </span>
                  </li>
                ))}
              </ul>
            </DetailSection>
          ) : null}
        </div>
      </div>

      <SignContractDialog contract={contract} open={signing} onOpenChange={setSigning} />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Elimina contratto"
        description={`Sei sicuro di voler eliminare questo contratto? ${contract.number}`}
        pending={remove.isPending}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(contract.id);
            toastSuccess("Contratto eliminato con successo");
            navigate(paths.admin.contracts(), { replace: true });
          } catch (e) {
            toastError(isApiError(e) && e.status === 409 ? e.message : "Errore nell'eliminazione del contratto");
          }
          setDeleting(false);
        }}
      />
    </>
  );
}
