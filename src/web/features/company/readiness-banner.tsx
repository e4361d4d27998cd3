import { useQuery } from "@tanstack/react-query";
import { AlertTriangle } from "lucide-react";
import { Link } from "wouter";
import { COMPLETE_COMPANY_DATA } from "@domain/company-readiness";
import { buttonVariants } from "@web/components/ui/button";
import { api } from "@web/lib/api";
import { paths } from "@web/lib/paths";
import { companyKeys } from "@web/lib/query-keys";

type Readiness = { missing: string[]; message: string | null };

export const readinessQueryKey = companyKeys.readiness();

/**
 * First run: until the company data that invoices need is complete, the admin gets a way to
 * Impostazioni and the office (who cannot open it) learns what is missing and whom to ask.
 */
export function CompanyReadinessBanner({ isAdmin }: { isAdmin: boolean }) {
  const { data } = useQuery({
    queryKey: readinessQueryKey,
    queryFn: () => api.get<Readiness>("/api/company/invoicing-readiness"),
    staleTime: 60_000,
  });
  if (!data?.message) return null;
  return (
    <section
      aria-label="Dati aziendali incompleti"
      className="mb-4 flex flex-col gap-3 rounded-lg border border-warning/40 bg-warning-soft p-3 text-warning-soft-foreground sm:flex-row sm:items-center"
    >
      <AlertTriangle aria-hidden className="size-5 shrink-0" />
      <p className="flex-1 text-sm">{data.message}</p>
      {isAdmin ? (
        <Link href={paths.admin.settings()} className={buttonVariants({ size: "sm" })}>
          {COMPLETE_COMPANY_DATA}
        </Link>
      ) : null}
    </section>
  );
}
