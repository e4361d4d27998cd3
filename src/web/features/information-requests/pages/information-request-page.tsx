import { useParams } from "wouter";
import { Link } from "wouter";
import { formatDateTime } from "@domain/format";
import { informationReplySchema } from "@domain/portal";
import { DetailHeader, DetailSection, DetailShell, type Loaded } from "@web/components/detail/detail-shell";
import { Form, FormActions, SubmitButton, TextareaField } from "@web/components/form";
import { Badge } from "@web/components/ui/badge";
import { toastSuccess } from "@web/components/ui/toast";
import { useInformationRequest, useReplyToInformationRequest } from "../api/information-requests";
import { paths } from "@web/lib/paths";

const aboutLinks = { site: paths.admin.site, estimate: paths.admin.estimate, invoice: paths.admin.invoice } as const;
const aboutLabels = { site: "Cantiere", estimate: "Preventivo", invoice: "Fattura" } as const;

/** One client's question and the office's reply, which the client reads in "Le mie richieste". */
export default function InformationRequestPage() {
  const { id = "" } = useParams<{ id: string }>();
  return (
    <DetailShell
      query={useInformationRequest(id)}
      loadingLabel="Caricamento richiesta..."
      loadingCentered
      notFoundTitle="Richiesta non trovata"
      failedTitle="Impossibile caricare la richiesta"
      backHref={paths.admin.informationRequests()}
      backLabel="Torna alle richieste"
    >
      {(data) => <InformationRequest data={data} />}
    </DetailShell>
  );
}

function InformationRequest({ data }: { data: Loaded<typeof useInformationRequest> }) {
  const reply = useReplyToInformationRequest(data.id);
  return (
    <>
      <DetailHeader
        back={{ href: paths.admin.informationRequests(), label: "Torna alle richieste" }}
        title={data.subject}
        status={
          <>
            {data.repliedAt ? <Badge variant="success">Risposta inviata</Badge> : <Badge variant="warning">Da rispondere</Badge>}
            <span className="text-sm text-muted-foreground">{`Da ${data.client.name} · ${formatDateTime(data.createdAt)}`}</span>
          </>
        }
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <DetailSection title="Messaggio del cliente" contentClassName="grid gap-3">
            <p className="whitespace-pre-line break-words">{data.message}</p>
            <p className="text-sm text-muted-foreground">
              Cliente:{" "}
              <Link href={paths.admin.client(data.client.id)} className="text-primary hover:underline">
                {data.client.name}
              </Link>
              {data.entityType && data.entityId ? (
                <>
                  {" · "}
                  <Link href={aboutLinks[data.entityType](data.entityId)} className="text-primary hover:underline">
                    {aboutLabels[data.entityType]} {data.entityLabel}
                  </Link>
                </>
              ) : null}
            </p>
          </DetailSection>
        <DetailSection title={data.repliedAt ? "Risposta" : "Rispondi"} contentClassName="grid gap-4">
            {data.repliedAt ? (
              <p className="text-sm text-muted-foreground">
                Inviata il {formatDateTime(data.repliedAt)}
                {data.repliedByName ? ` da ${data.repliedByName}` : ""}. Il cliente la legge in «Le mie richieste»; una
                nuova risposta la sostituisce.
              </p>
            ) : (
              <p className="text-sm text-muted-foreground">
                Il cliente riceve la risposta nel portale e per e-mail, se ha un indirizzo.
              </p>
            )}
            <Form
              key={data.version}
              schema={informationReplySchema}
              defaultValues={{ reply: data.reply ?? "", version: data.version }}
              aria-label="Risposta al cliente"
              onSubmit={async (values) => {
                await reply.mutateAsync(values);
                toastSuccess("Risposta inviata al cliente");
              }}
            >
              <TextareaField name="reply" label="Risposta" required rows={6} />
              <FormActions>
                <SubmitButton label={data.repliedAt ? "Aggiorna risposta" : "Invia risposta"} pendingLabel="Invio in corso..." />
              </FormActions>
            </Form>
        </DetailSection>
      </div>
    </>
  );
}
