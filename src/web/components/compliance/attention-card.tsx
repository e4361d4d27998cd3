import { ShieldAlert, ShieldCheck } from "lucide-react";
import { Link } from "wouter";
import { complianceKinds, requirementLabel } from "@domain/compliance";
import { formatDate } from "@domain/format";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Skeleton } from "@web/components/ui/skeleton";
import { useComplianceSummary } from "./api";
import { ComplianceStateBadge } from "./state-badge";
import { paths } from "@web/lib/paths";

/** Dashboard card: papers expiring in the next 15 days and papers missing on sites in corso. */
export function ComplianceAttentionCard() {
  const { data, isPending, isError } = useComplianceSummary();
  const total = data ? data.expiring + data.missing + data.expired : 0;
  return (
    <Card aria-labelledby="compliance-card-title">
      <CardHeader>
        <CardTitle id="compliance-card-title">Sicurezza e permessi</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : isError || !data ? (
          <p role="alert" className="text-destructive">
            Impossibile caricare le scadenze.
          </p>
        ) : total === 0 ? (
          <p className="flex items-center gap-2 text-success-soft-foreground">
            <ShieldCheck aria-hidden className="size-5" /> Nessun documento in scadenza o mancante
          </p>
        ) : (
          <>
            <p className="flex items-center gap-2">
              <ShieldAlert aria-hidden className="size-5 text-destructive" />
              <span>
                <strong>{data.missing + data.expired}</strong> mancanti o scaduti su cantieri in corso ·{" "}
                <strong>{data.expiring}</strong> in scadenza nei prossimi 15 giorni
              </span>
            </p>
            <ul className="divide-y rounded-md border">
              {data.items.map((r) => (
                <li
                  key={`${r.siteId}-${r.kind}-${r.supplierId ?? ""}-${r.documentId ?? ""}`}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 p-2.5 text-sm"
                >
                  <Link
                    href={paths.admin.site(r.siteId)}
                    className="min-w-0 flex-1 font-medium text-primary underline wrap-anywhere"
                  >
                    {r.siteName}
                  </Link>
                  <span className="wrap-anywhere">
                    {r.required ? requirementLabel(r) : complianceKinds.label(r.kind)}
                  </span>
                  <ComplianceStateBadge state={r.state} />
                  {r.validUntil && r.state !== "mancante" ? (
                    <span className="text-muted-foreground">{formatDate(r.validUntil)}</span>
                  ) : null}
                </li>
              ))}
            </ul>
            <Link href={paths.admin.deadlines()} className="inline-block text-sm text-primary underline">
              Tutte le scadenze
            </Link>
          </>
        )}
      </CardContent>
    </Card>
  );
}
