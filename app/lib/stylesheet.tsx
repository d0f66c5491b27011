import { createContext, useContext } from "react";

type StylesheetReader = (href: string) => string | undefined;

const StylesheetReaderContext = createContext<StylesheetReader>(() => undefined);

/** Reads a built stylesheet's text, set by the server entry; the browser has nothing to read. */
export const StylesheetReaderProvider = StylesheetReaderContext.Provider;

/**
 * The shop's stylesheet. A production page carries it in its <head> (decision 0024): 11 KB gzip
 * that would otherwise be a request on a new connection before anything shows. React keys the
 * <style> by `href`, so in the browser it adopts the server's element, text and all, and never
 * fetches the file. The dev server serves the stylesheet as a file, so there it is a link.
 */
export function AppStylesheet({ href }: { href: string }) {
  const text = useContext(StylesheetReaderContext)(href);
  if (!import.meta.env.PROD) return <link rel="stylesheet" href={href} precedence="default" />;
  return (
    <style href={href} precedence="default">
      {text ?? ""}
    </style>
  );
}
