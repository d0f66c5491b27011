import { buttonClasses } from "./ui/button";

/** behaviour.md §2: the full-page error: 'Oops!', the status code, the message and a way home. */
export function ErrorScreen({ status, message }: { status: number; message: string }) {
  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh max-w-2xl flex-col items-center justify-center px-6 text-center"
    >
      <p className="font-display text-7xl text-accent">{status}</p>
      <h1 className="mt-4 font-display text-4xl">Oops!</h1>
      <p className="mt-4 break-all text-lg text-muted">{message}</p>
      {/* A plain link: after an error the safest way home is a full page load. */}
      <a href="/" className={`mt-8 ${buttonClasses()}`}>
        Go Back Home
      </a>
    </main>
  );
}
