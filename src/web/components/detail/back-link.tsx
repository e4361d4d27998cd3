import type { ReactNode } from "react";
import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@web/components/ui/button";

/** The "← Clienti" link above a detail or form page. */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button asChild variant="ghost" className="mb-2 -ml-2">
      <Link href={href}>
        <ArrowLeft aria-hidden className="size-4" />
        {children}
      </Link>
    </Button>
  );
}
