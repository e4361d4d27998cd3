import type { ReactNode } from "react";
import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@web/components/ui/button";

/** The "← Clienti" link above a detail or form page. */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    // A long name wraps instead of widening the page.
    <Button asChild variant="ghost" className="mb-2 -ml-2 h-auto min-h-10 max-w-full py-2 text-start whitespace-normal wrap-anywhere">
      <Link href={href}>
        <ArrowLeft aria-hidden className="size-4" />
        {children}
      </Link>
    </Button>
  );
}
