import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@web/components/ui/button";
import { EmptyState } from "@web/components/ui/empty-state";
import { Spinner } from "@web/components/ui/spinner";
import { isApiError } from "@web/lib/api";

/** A 404, or a 400 for a malformed id, means the record is not there; anything else is a failure. */
export const isMissingRecord = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);

export function DetailLoading({ label, centered = false }: { label: string; centered?: boolean }) {
  if (!centered) return <Spinner label={label} />;
  return (
    <div className="flex justify-center py-16">
      <Spinner label={label} className="[&_svg]:size-8" />
    </div>
  );
}

export type DetailNotFoundProps = {
  /** The query's error: decides between the "not found" and the "cannot load" texts. */
  error: unknown;
  notFoundTitle: string;
  failedTitle: string;
  notFoundDescription?: string;
  failedDescription?: string;
  backHref: string;
  backLabel: string;
  /** Show an arrow before the back label. */
  backArrow?: boolean;
};

export function DetailNotFound(props: DetailNotFoundProps) {
  const missing = isMissingRecord(props.error);
  return (
    <EmptyState
      title={missing ? props.notFoundTitle : props.failedTitle}
      description={missing ? props.notFoundDescription : props.failedDescription}
      action={
        <Button asChild variant="outline">
          <Link href={props.backHref}>
            {props.backArrow ? <ArrowLeft aria-hidden className="size-4" /> : null}
            {props.backLabel}
          </Link>
        </Button>
      }
    />
  );
}
