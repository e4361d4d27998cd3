import { Mail, Phone } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { useCompany } from "@web/lib/company";

/** The company's phone and e-mail from the settings (docs/domain/operations.md). */
export function SupportCard({ title = "Hai bisogno di aiuto?" }: { title?: string }) {
  const { phone, email } = useCompany();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p className="text-muted-foreground">Il nostro team è a disposizione per qualsiasi domanda.</p>
        {phone ? (
          <a
            href={`tel:${phone.replace(/\s+/g, "")}`}
            className="flex items-center gap-2 font-medium text-primary hover:underline"
          >
            <Phone aria-hidden className="size-4" />
            {phone}
          </a>
        ) : null}
        {email ? (
          <a
            href={`mailto:${email}`}
            className="flex items-center gap-2 font-medium break-all text-primary hover:underline"
          >
            <Mail aria-hidden className="size-4" />
            {email}
          </a>
        ) : null}
        {!phone && !email ? <p>Contatta l'impresa ai recapiti indicati nei documenti.</p> : null}
      </CardContent>
    </Card>
  );
}
