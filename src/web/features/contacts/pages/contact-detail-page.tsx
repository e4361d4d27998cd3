import { ArrowLeft, Building2, CalendarDays, Mail, Pencil, Phone, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import { formatDate } from "@domain/format";
import { surveyStatuses } from "@domain/statuses";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { EmptyState } from "@web/components/ui/empty-state";
import { Spinner } from "@web/components/ui/spinner";
import { isApiError } from "@web/lib/api";
import { useContact } from "../api/get-contact";
import { ContactFormDialog } from "../components/contact-form-dialog";
import { DeleteContactDialog } from "../components/delete-contact-dialog";

function Info({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 break-words">{children || "—"}</dd>
    </div>
  );
}

export default function ContactDetailPage() {
  const { id = "" } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const { data: contact, isPending, error } = useContact(id);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (isPending) return <Spinner label="Caricamento contatto..." />;
  if (!contact) {
    const missing = isApiError(error) && (error.status === 404 || error.status === 400);
    return (
      <EmptyState
        title={missing ? "Contatto non trovato" : "Impossibile caricare il contatto"}
        action={
          <Button asChild variant="outline">
            <Link href="/admin/contacts">Torna ai contatti</Link>
          </Button>
        }
      />
    );
  }

  return (
    <>
      <Button asChild variant="ghost" className="mb-2 -ml-2">
        <Link href="/admin/contacts">
          <ArrowLeft aria-hidden className="size-4" />
          Contatti
        </Link>
      </Button>
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-semibold break-words">{contact.name}</h1>
          <p className="text-muted-foreground">{contact.role ?? "Non specificato"}</p>
        </div>
        <div className="flex flex-wrap gap-2">
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
          <Button variant="outline" onClick={() => setEditing(true)}>
            <Pencil aria-hidden className="size-4" />
            Modifica
          </Button>
          <Button variant="outline" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden className="size-4 text-destructive" />
            Elimina
          </Button>
        </div>
      </div>

      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Informazioni</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4 sm:grid-cols-2">
              <Info label="Telefono">
                {contact.phone ? (
                  <a className="text-primary hover:underline" href={`tel:${contact.phone}`}>
                    {contact.phone}
                  </a>
                ) : null}
              </Info>
              <Info label="E-mail">
                {contact.email ? (
                  <a className="text-primary hover:underline" href={`mailto:${contact.email}`}>
                    {contact.email}
                  </a>
                ) : null}
              </Info>
              <Info label="Ruolo">{contact.role ?? "Non specificato"}</Info>
              <Info label="Creato il">{formatDate(contact.createdAt)}</Info>
              <Info label="Note" className="sm:col-span-2">
                {contact.notes ? <span className="whitespace-pre-line">{contact.notes}</span> : null}
              </Info>
            </dl>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Cliente associato</CardTitle>
          </CardHeader>
          <CardContent>
            {contact.client ? (
              <div className="grid gap-1">
                <Link href={`/admin/clients/${contact.client.id}`} className="inline-flex items-center gap-2 font-medium hover:underline">
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
          </CardContent>
        </Card>

        <Card className="lg:col-span-3">
          <CardHeader>
            <CardTitle>Sopralluoghi assegnati ({contact.surveyCount})</CardTitle>
          </CardHeader>
          <CardContent>
            {contact.surveys.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nessun sopralluogo assegnato a questo contatto</p>
            ) : (
              <ul className="divide-y divide-border">
                {contact.surveys.map((s) => (
                  <li key={s.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                    <CalendarDays aria-hidden className="size-4 text-muted-foreground" />
                    <Link href={`/admin/surveys/${s.id}`} className="font-medium hover:underline">
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
              <Link href={`/admin/surveys?contactId=${contact.id}`} className="mt-3 block text-sm text-primary hover:underline">
                Vedi tutti i {contact.surveyCount} sopralluoghi
              </Link>
            ) : null}
          </CardContent>
        </Card>
      </div>

      <ContactFormDialog open={editing} onOpenChange={setEditing} contact={contact} />
      <DeleteContactDialog contact={deleting ? contact : null} onOpenChange={setDeleting} onDeleted={() => navigate("/admin/contacts", { replace: true })} />
    </>
  );
}
