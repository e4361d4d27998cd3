import { Download } from "lucide-react";
import { buttonVariants, type ButtonVariant } from "@web/components/ui/button";

/** A real link to the server's PDF: the browser downloads it, with the session cookie. */
export function PdfButton({ href, label = "Scarica PDF", variant = "outline" }: { href: string; label?: string; variant?: ButtonVariant }) {
  return (
    <a href={`${href}?download=1`} download className={buttonVariants({ variant })}>
      <Download aria-hidden />
      {label}
    </a>
  );
}
