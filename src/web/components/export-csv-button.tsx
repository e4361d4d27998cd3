import { Download } from "lucide-react";
import { useCan } from "@web/lib/use-can";
import { withQuery } from "@web/lib/api";
import { buttonVariants } from "./ui/button";

type Query = Record<string, string | number | boolean | null | undefined>;

/**
 * "Esporta CSV": downloads the list with its current search and filters (the server streams it).
 * A plain link, so the browser handles the download and the session cookie goes with it.
 */
export function ExportCsvButton({ path, query, className }: { path: string; query?: Query; className?: string }) {
  const can = useCan();
  // Exports are the office's (docs/domain/roles.md): no button a technician could not use.
  if (!can("exports")) return null;
  return (
    <a href={withQuery(path, query)} download className={buttonVariants({ variant: "outline", className })}>
      <Download aria-hidden />
      Esporta CSV
    </a>
  );
}
