import { Pencil, Trash2 } from "lucide-react";
import { formatEuro } from "@domain/format";
import type { Service } from "@domain/services";
import { serviceStatuses } from "@domain/statuses";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader } from "@web/components/ui/card";

export function ServiceCard({ service, onEdit, onDelete }: { service: Service; onEdit: () => void; onDelete: () => void }) {
  return (
    <Card className="flex flex-col" aria-label={service.name} role="article">
      <CardHeader className="gap-2 pb-3">
        <div className="flex items-start justify-between gap-2">
          <h2 className="min-w-0 text-base leading-tight font-semibold wrap-anywhere">{service.name}</h2>
          <div className="-mt-2 -mr-2 flex shrink-0">
            <Button variant="ghost" size="icon" aria-label={`Modifica ${service.name}`} onClick={onEdit}>
              <Pencil aria-hidden className="size-4" />
            </Button>
            <Button variant="ghost" size="icon" aria-label={`Elimina ${service.name}`} onClick={onDelete}>
              <Trash2 aria-hidden className="size-4 text-destructive" />
            </Button>
          </div>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {service.category ? <Badge variant="info">{service.category}</Badge> : null}
          <Badge variant={service.status === "attivo" ? "success" : "secondary"}>{serviceStatuses.label(service.status)}</Badge>
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3">
        {service.description ? <p className="text-sm text-muted-foreground">{service.description}</p> : null}
        <p className="mt-auto text-lg font-semibold tabular-nums">
          {formatEuro(service.unitPrice)} <span className="text-sm font-normal text-muted-foreground">/ {service.unit}</span>
        </p>
        {service.notes ? <p className="border-t border-border pt-2 text-xs text-muted-foreground">{service.notes}</p> : null}
      </CardContent>
    </Card>
  );
}
