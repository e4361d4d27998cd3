import { FileUp } from "lucide-react";
import { Link } from "wouter";
import type { ImportKind } from "@domain/imports";
import { useCan } from "@web/lib/use-can";
import { buttonVariants } from "./ui/button";
import { paths } from "@web/lib/paths";

/** "Importa": opens the import page for this list (the office's; a technician has no button). */
export function ImportButton({ kind }: { kind: ImportKind }) {
  const can = useCan();
  if (!can("clients.write")) return null;
  return (
    <Link href={paths.admin.import({ kind })} className={buttonVariants({ variant: "outline" })}>
      <FileUp aria-hidden />
      Importa
    </Link>
  );
}
