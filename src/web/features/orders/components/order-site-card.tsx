import { HardHat } from "lucide-react";
import { Link } from "wouter";
import { siteStatuses, type SiteStatus } from "@domain/statuses";
import { Badge } from "@web/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { paths } from "@web/lib/paths";

/** Where the materials go: the order's site, or the firm's own premises. Office and technician alike. */
export function OrderSiteCard({ site }: { site: { id: string; name: string; address: string; status: SiteStatus } | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <HardHat aria-hidden className="size-5 text-muted-foreground" />
          Cantiere associato
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1 text-sm">
        {site ? (
          <>
            <Link href={paths.admin.site(site.id)} className="text-base font-medium text-primary hover:underline">
              {site.name}
            </Link>
            <span>{site.address}</span>
            <span>
              <Badge variant="outline">{siteStatuses.label(site.status)}</Badge>
            </span>
          </>
        ) : (
          <p className="text-muted-foreground">Nessun cantiere associato: consegna presso la sede.</p>
        )}
      </CardContent>
    </Card>
  );
}
