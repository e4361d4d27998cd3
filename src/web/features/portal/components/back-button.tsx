import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@web/components/ui/button";

export function BackButton({ href = "/client", label = "Torna alla Dashboard" }: { href?: string; label?: string }) {
  return (
    <Button asChild variant="ghost" className="mb-2 -ml-2">
      <Link href={href}>
        <ArrowLeft aria-hidden className="size-4" />
        {label}
      </Link>
    </Button>
  );
}
