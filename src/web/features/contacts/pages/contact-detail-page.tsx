import { Building2, CalendarDays, Mail, Phone } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import { formatDate } from "@domain/format";
import { surveyStatuses } from "@domain/statuses";
import { DetailDeleteButton, DetailEditButton } from "@web/components/detail/detail-actions";
import { DetailHeader, DetailSection, DetailShell, type Loaded } from "@web/components/detail/detail-shell";
import { InfoItem } from "@web/components/detail/info-item";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { useCan } from "@web/lib/use-can";
import { useContact } from "../api/get-contact";
import { ContactFormDialog } from "../components/contact-form-dialog";
import { DeleteContactDialog } from "../components/delete-contact-dialog";
import { paths } from "@web/lib/paths";

export default function ContactDetailPage() {
  const { id = "" } = useParams<{ id: string }>();
  return (
    <DetailShell
      query={useContact(id)}
      loadingLabel="Caricamento contatto..."
      notFoundTitle="Contatto non trovato"
      failedTitle="Impossibile caricare il contatto"
      backHref={paths.admin.contacts()}
      backLabel="Torna ai contatti"
    >
      {(contact) => <ContactDetail contact={contact} />}
    </DetailShell>
  );
}

function ContactDetail({ contact }: { contact: Loaded<typeof useContact> }) {
  const mayWrite = useCan()("contacts.write");
  const [, navigate] = useLocation();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  return (
    <>
      <DetailHeader
        back={{ href: paths.admin.contacts(), label: "Contatti" }}
        title={contact.name}
        actions={
          <>
            {contact.phone ? (
              <Button asChild variant="outline">
                <a href={`tel:${contact.phone}`}>
                  <Phone aria-hidden className="size-4" />
                  Chiama
                </a>
              </Button>
            ) : null}
            {contact.email ? (
              <Button asChild variant="outline">
                <a href={`mailto:${contact.email}`}>
                  <Mail aria-hidden className="size-4" />
                  Invia email
                </a>
              </Button>
            ) : null}
            {mayWrite ? (
              <>
                <DetailEditButton onClick={() => setEditing(true)} />
                <DetailDeleteButton onClick={() => setDeleting(true)} />
              </>
            ) : null}
          </>
        }
      >
        <p className="text-muted-foreground">{contact.role ?? "Non specificato"}</p>
      </DetailHeader>

      <div className="grid gap-4 lg:grid-cols-3">
        <DetailSection title="Informazioni" className="lg:col-span-2">
          <dl className="grid gap-4 sm:grid-cols-2">
            <InfoItem label="Telefono">
              {contact.phone ? (
                <a className="text-primary hover:underline" href={`tel:${contact.phone}`}>
                  {contact.phone}
                </a>
              ) : null}
            </InfoItem>
            <InfoItem label="E-mail">
              {contact.email ? (
                <a className="text-primary hover:underline" href={`mailto:${contact.email}`}>
                  {contact.email}
                </a>
              ) : null}
            </InfoItem>
            <InfoItem label="Ruolo">{contact.role ?? "Non specificato"}</InfoItem>
            <InfoItem label="Creato il">{formatDate(contact.createdAt)}</InfoItem>
            <InfoItem label="Note" className="sm:col-span-2">
              {contact.notes ? <span className="whitespace-pre-line">{contact.notes}</span> : null}
            </InfoItem>
          </dl>
        </DetailSection>

        <DetailSection title="Cliente associato">
          {contact.client ? (
            <div className="grid gap-1">
              <Link
                href={paths.admin.client(contact.client.id)}
                className="inline-flex items-center gap-2 font-medium hover:underline"
              >
                <Building2 aria-hidden className="size-4" />
                {contact.client.name}
              </Link>
              {contact.client.phone ? (
                <a href={`tel:${contact.client.phone}`} className="text-sm text-primary hover:underline">
                  {contact.client.phone}
                </a>
              ) : null}
              {contact.client.email ? (
                <a href={`mailto:${contact.client.email}`} className="text-sm text-primary hover:underline">
                  {contact.client.email}
                </a>
              ) : null}
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">Cliente non trovato</p>
          )}
        </DetailSection>

        <DetailSection title={`Sopralluoghi assegnati (${contact.surveyCount})`} className="lg:col-span-3">
          {contact.surveys.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nessun sopralluogo assegnato a questo contatto</p>
          ) : (
            <ul className="divide-y divide-border">
              {contact.surveys.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                  <CalendarDays aria-hidden className="size-4 text-muted-foreground" />
                  <Link href={paths.admin.survey(s.id)} className="font-medium hover:underline">
                    {formatDate(s.date)}
                    {s.time ? ` ${s.time}` : ""}
                  </Link>
                  <span className="min-w-0 flex-1 truncate">{s.description ?? s.address}</span>
                  <Badge variant="outline">{surveyStatuses.label(s.status)}</Badge>
                </li>
              ))}
            </ul>
          )}
          {contact.surveyCount > contact.surveys.length ? (
            <Link
              href={paths.admin.surveys({ contactId: contact.id })}
              className="mt-3 block text-sm text-primary hover:underline"
            >
              Vedi tutti i {contact.surveyCount} sopralluoghi
            </Link>
          ) : null}
        </DetailSection>
      </div>

      <ContactFormDialog open={editing} onOpenChange={setEditing} contact={contact} />
      <DeleteContactDialog
        contact={deleting ? contact : null}
        onOpenChange={setDeleting}
        onDeleted={() => navigate(paths.admin.contacts(), { replace: true })}
      />
    </>
  );
}
