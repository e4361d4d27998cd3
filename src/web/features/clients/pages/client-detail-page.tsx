import { ClipboardList, FileText, Mail, MapPin, Phone, UserPlus } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import { formatDate, formatEuro } from "@domain/format";
import { estimateStatuses } from "@domain/statuses";
import { moreLabel, formatAddress } from "@domain/wording";
import { DetailDeleteButton, DetailEditButton } from "@web/components/detail/detail-actions";
import { DetailHeader, DetailSection, DetailShell, type Loaded } from "@web/components/detail/detail-shell";
import { InfoItem } from "@web/components/detail/info-item";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent } from "@web/components/ui/card";
import { useCan } from "@web/lib/use-can";
import { createHref } from "@web/lib/create-intent";
import { useClient } from "../api/get-client";
import { ClientFormDialog } from "../components/client-form-dialog";
import { ClientTypeBadge } from "../components/client-type-badge";
import { DeleteClientDialog } from "../components/delete-client-dialog";
import { PortalAccessCard } from "../components/portal-access-card";
import { paths } from "@web/lib/paths";

export default function ClientDetailPage() {
  const { id = "" } = useParams<{ id: string }>();
  return (
    <DetailShell
      query={useClient(id)}
      loadingLabel="Caricamento cliente..."
      notFoundTitle="Cliente non trovato"
      failedTitle="Impossibile caricare il cliente"
      backHref={paths.admin.clients()}
      backLabel="Torna ai clienti"
    >
      {(client) => <ClientDetail client={client} />}
    </DetailShell>
  );
}

function ClientDetail({ client }: { client: Loaded<typeof useClient> }) {
  const [, navigate] = useLocation();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const can = useCan();

  const moreContacts = client.counts.contacts - client.contacts.length;
  // What the office starts from the client's page, each form opening with this client chosen.
  const creates = [
    {
      capability: "contacts.write",
      href: createHref(paths.admin.contacts(), { clientId: client.id }),
      label: "Nuovo contatto",
      icon: UserPlus,
    },
    {
      capability: "surveys",
      href: createHref(paths.admin.surveys(), { clientId: client.id }),
      label: "Nuovo sopralluogo",
      icon: ClipboardList,
    },
    {
      capability: "estimates",
      href: createHref(paths.admin.estimates(), { clientId: client.id }),
      label: "Nuovo preventivo",
      icon: FileText,
    },
  ] as const;
  return (
    <>
      <DetailHeader
        back={{ href: paths.admin.clients(), label: "Clienti" }}
        title={client.name}
        status={<ClientTypeBadge type={client.type} />}
        actions={
          can("clients.write") ? (
            <>
              <DetailEditButton onClick={() => setEditing(true)} />
              <DetailDeleteButton onClick={() => setDeleting(true)} />
            </>
          ) : null
        }
      />

      <nav aria-label="Crea per questo cliente" className="mb-4 flex flex-wrap gap-2">
        {creates
          .filter((c) => can(c.capability))
          .map(({ href, label, icon: Icon }) => (
            <Button key={href} asChild variant="outline" size="sm">
              <Link href={href}>
                <Icon aria-hidden className="size-4" />
                {label}
              </Link>
            </Button>
          ))}
      </nav>

      <div className="mb-6 grid grid-cols-3 gap-3">
        {(
          [
            ["Contatti", client.counts.contacts],
            ["Sopralluoghi", client.counts.surveys],
            ["Preventivi", client.counts.estimates],
          ] as const
        ).map(([label, n]) => (
          <Card key={label}>
            <CardContent className="pt-4 sm:pt-6">
              <dl>
                <dt className="text-sm text-muted-foreground">{label}</dt>
                <dd className="text-2xl font-semibold">{n}</dd>
              </dl>
            </CardContent>
          </Card>
        ))}
      </div>

      <div className="grid gap-4 lg:grid-cols-3">
        <DetailSection title="Informazioni" className="lg:col-span-2">
          <dl className="grid gap-4 sm:grid-cols-2">
            <InfoItem label="Indirizzo">
              <span className="inline-flex items-start gap-1">
                <MapPin aria-hidden className="mt-1 size-4 shrink-0" />
                {formatAddress(client)}
              </span>
            </InfoItem>
            <InfoItem label="Telefono">
              {client.phone ? (
                <a className="text-primary hover:underline" href={`tel:${client.phone}`}>
                  {client.phone}
                </a>
              ) : null}
            </InfoItem>
            <InfoItem label="E-mail">
              {client.email ? (
                <a className="text-primary hover:underline" href={`mailto:${client.email}`}>
                  {client.email}
                </a>
              ) : null}
            </InfoItem>
            <InfoItem label="PEC">{client.pec}</InfoItem>
            <InfoItem label="Partita IVA">{client.vatNumber}</InfoItem>
            <InfoItem label="Codice fiscale">{client.fiscalCode}</InfoItem>
            <InfoItem label="Codice SDI">{client.sdiCode}</InfoItem>
            {client.type === "ente_pubblico" ? (
              <InfoItem label="Codice univoco ufficio">{client.officeCode}</InfoItem>
            ) : null}
            {client.type === "condominio" ? (
              <InfoItem label="Ritenuta 4% (sostituto d'imposta)">
                {client.withholdingAgent ? "Sì, applicata in fattura" : "No, non è sostituto d'imposta"}
              </InfoItem>
            ) : null}
            <InfoItem label="Cliente dal">{formatDate(client.createdAt)}</InfoItem>
            {client.notes ? (
              <InfoItem label="Note" className="sm:col-span-2">
                <span className="whitespace-pre-line">{client.notes}</span>
              </InfoItem>
            ) : null}
          </dl>
        </DetailSection>

        <DetailSection title="Contatti">
          {client.contacts.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nessun contatto associato</p>
          ) : (
            <ul className="space-y-3">
              {client.contacts.map((c) => (
                <li key={c.id}>
                  <Link href={paths.admin.contact(c.id)} className="font-medium hover:underline">
                    {c.name}
                  </Link>
                  <div className="text-sm text-muted-foreground">{c.role ?? "Non specificato"}</div>
                  <div className="flex flex-wrap gap-3 text-sm">
                    {c.phone ? (
                      <a href={`tel:${c.phone}`} className="inline-flex items-center gap-1 text-primary">
                        <Phone aria-hidden className="size-3" />
                        {c.phone}
                      </a>
                    ) : null}
                    {c.email ? (
                      <a href={`mailto:${c.email}`} className="inline-flex items-center gap-1 text-primary">
                        <Mail aria-hidden className="size-3" />
                        {c.email}
                      </a>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          )}
          {moreContacts > 0 ? (
            <Link
              href={paths.admin.contacts({ clientId: client.id })}
              className="mt-3 block text-sm text-primary hover:underline"
            >
              {moreLabel(moreContacts, "contatto", "contatti")}
            </Link>
          ) : null}
        </DetailSection>

        {/* A technician's answer carries no estimates nor portal account (docs/domain/roles.md). */}
        {"latestEstimates" in client ? (
          <DetailSection title="Ultimi preventivi" className="lg:col-span-2">
            {client.latestEstimates.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nessun preventivo per questo cliente</p>
            ) : (
              <ul className="divide-y divide-border">
                {client.latestEstimates.map((e) => (
                  <li key={e.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                    <FileText aria-hidden className="size-4 text-muted-foreground" />
                    <Link href={paths.admin.estimate(e.id)} className="font-medium hover:underline">
                      {e.number}
                    </Link>
                    <span className="min-w-0 flex-1 truncate">{e.title}</span>
                    <Badge variant="outline">{estimateStatuses.label(e.status)}</Badge>
                    <span className="font-medium tabular-nums">{formatEuro(e.totalAmount)}</span>
                    <span className="text-sm text-muted-foreground">{formatDate(e.createdAt)}</span>
                  </li>
                ))}
              </ul>
            )}
          </DetailSection>
        ) : null}
        {"portalAccess" in client ? <PortalAccessCard client={client} /> : null}
      </div>

      <ClientFormDialog open={editing} onOpenChange={setEditing} client={client} />
      <DeleteClientDialog
        client={deleting ? client : null}
        onOpenChange={setDeleting}
        onDeleted={() => navigate(paths.admin.clients(), { replace: true })}
      />
    </>
  );
}
