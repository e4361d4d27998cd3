import { BackLink } from "@web/components/detail/back-link";

/** The portal's back link: to the client dashboard unless told otherwise. */
export function BackButton({ href = "/client", label = "Torna alla Dashboard" }: { href?: string; label?: string }) {
  return <BackLink href={href}>{label}</BackLink>;
}
