import { PageHeader } from "@web/components/ui/page-header";

/** A route whose module has not landed yet: the frame and the page title (foundation issue). */
export function PendingPage({ title }: { title: string }) {
  return <PageHeader title={title} description="Questa sezione sarà disponibile a breve." />;
}
