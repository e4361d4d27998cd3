import { BackLink } from "@web/components/detail/back-link";
import { paths } from "@web/lib/paths";

/** The portal's back link: to the client dashboard unless told otherwise. */
export function BackButton({
  href = paths.portal.home(),
  label = "Torna alla Dashboard",
}: {
  href?: string;
  label?: string;
}) {
  return <BackLink href={href}>{label}</BackLink>;
}
