import { Pencil, Trash2 } from "lucide-react";
import { Button } from "@web/components/ui/button";

/** "Modifica" in a detail page's header. */
export function DetailEditButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="outline" onClick={onClick}>
      <Pencil aria-hidden className="size-4" />
      Modifica
    </Button>
  );
}

/** "Elimina" in a detail page's header; the confirmation dialog does the rest. */
export function DetailDeleteButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="outline" onClick={onClick}>
      <Trash2 aria-hidden className="size-4 text-destructive" />
      Elimina
    </Button>
  );
}
