import { Download } from "lucide-react";
import { buttonVariants, type ButtonVariant } from "@web/components/ui/button";

/**
 * A real link to the server's PDF: the browser downloads it, with the session cookie.
 * `fileName` is the one style of domain/wording.ts pdfFileName ("Preventivo-PRV-2026-001.pdf").
 */
export function PdfButton({
  href,
  fileName,
  label = "Scarica PDF",
  variant = "outline",
}: {
  href: string;
  fileName?: string;
  label?: string;
  variant?: ButtonVariant;
}) {
  return (
    <a href={`${href}?download=1`} download={fileName ?? true} className={buttonVariants({ variant })}>
      <Download aria-hidden />
      {label}
    </a>
  );
}
