import { createContext, type ReactElement, useContext } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";

const PageElement = createContext<ReactElement | null>(null);

function Page() {
  return useContext(PageElement);
}

/** The server markup of `element` rendered as the page at `url` (links and forms need a router). */
export function renderPage(url: string, element: ReactElement): string {
  const Stub = createRoutesStub([
    { path: new URL(url, "http://shop.test").pathname, Component: Page },
  ]);
  return renderToStaticMarkup(
    <PageElement value={element}>
      <Stub initialEntries={[url]} />
    </PageElement>,
  );
}
