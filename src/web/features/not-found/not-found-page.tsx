import { Link } from "wouter";
import { Button } from "@web/components/ui/button";

/** The two texts are the specification's, word for word. */
export default function NotFoundPage() {
  return (
    <main className="grid min-h-dvh place-items-center bg-background px-4">
      <div className="max-w-md text-center">
        <h1 className="text-2xl font-bold">404 Page Not Found</h1>
        <p className="mt-2 text-muted-foreground">Did you forget to add the page to the router?</p>
        <Button asChild className="mt-6">
          <Link href="/">Torna alla home</Link>
        </Button>
      </div>
    </main>
  );
}
