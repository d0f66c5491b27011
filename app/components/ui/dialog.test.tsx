import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../tests/support/render";
import { Button } from "./button";
import { ConfirmDialog, Dialog } from "./dialog";

const idref = (html: string, name: string) =>
  html.match(new RegExp(`role="(?:alert)?dialog"[^>]*\\s${name}="([^"]*)"`))?.[1];
const textOf = (html: string, id: string | undefined) =>
  html.match(new RegExp(`id="${id}"[^>]*>([^<]*)<`))?.[1];

const confirm = (open: boolean) =>
  renderToStaticMarkup(
    <ConfirmDialog
      open={open}
      trigger={<Button variant="danger">Delete</Button>}
      title="Delete this product?"
      description="It leaves the shop at once."
      confirmLabel="Delete product"
      submit={{ form: "delete-product", name: "intent", value: "delete" }}
    />,
  );

describe("ConfirmDialog", () => {
  it("when open, is an alert dialog named by its title and described by its text", () => {
    const html = confirm(true);
    expect(html).toContain('role="alertdialog"');
    expect(textOf(html, idref(html, "aria-labelledby"))).toBe("Delete this product?");
    expect(textOf(html, idref(html, "aria-describedby"))).toBe("It leaves the shop at once.");
  });

  it("offers Cancel first and a confirm button that submits the server's form", () => {
    const html = confirm(true);
    const cancel = html.indexOf(">Cancel</button>");
    const submit = html.match(/<button type="submit"[^>]*>Delete product<\/button>/)?.[0];
    expect(cancel).toBeGreaterThan(-1);
    expect(html.indexOf(">Delete product</button>")).toBeGreaterThan(cancel);
    expect(submit).toContain('form="delete-product"');
    expect(submit).toContain('name="intent"');
    expect(submit).toContain('value="delete"');
  });

  it("rendered open by the server, offers Cancel as a link back that works without scripts", () => {
    const html = renderPage(
      "/admin/bands/7",
      <ConfirmDialog
        open
        title="Delete this band?"
        description="It leaves the shop at once."
        confirmLabel="Delete band"
        cancelTo="/admin/bands/7"
        submit={{ form: "delete-band", name: "intent", value: "delete" }}
      />,
    );
    expect(html).toMatch(/<a [^>]*href="\/admin\/bands\/7"[^>]*>Cancel<\/a>/);
    expect(html).not.toContain(">Cancel</button>");
    expect(html.indexOf(">Cancel</a>")).toBeLessThan(html.indexOf(">Delete band</button>"));
  });

  it("shows a refusal inside the dialog as an alert that can take focus (issue 30)", () => {
    const html = renderToStaticMarkup(
      <ConfirmDialog
        open
        title="Delete this band?"
        description="It leaves the shop at once."
        confirmLabel="Delete band"
        refusal="Static Gulls has 3 products: move them to another band or delete them first."
        submit={{ form: "delete-band", name: "intent", value: "delete" }}
      />,
    );
    const dialog = html.slice(html.indexOf('role="alertdialog"'));
    expect(dialog).toMatch(
      /<p [^>]*tabindex="-1"[^>]*role="alert"[^>]*>Static Gulls has 3 products: move them/,
    );
  });

  it("when closed, shows only its trigger, which says it opens a dialog", () => {
    const html = confirm(false);
    expect(html).not.toContain("alertdialog");
    expect(html).not.toContain("Delete this product?");
    expect(html).toMatch(/<button type="button"[^>]*aria-haspopup="dialog" aria-expanded="false"/);
  });
});

describe("Dialog", () => {
  it("is a modal dialog with its content and a Close button", () => {
    const html = renderToStaticMarkup(
      <Dialog open title="Order notes">
        <p>Leave at the back door.</p>
      </Dialog>,
    );
    expect(html).toContain('role="dialog"');
    expect(textOf(html, idref(html, "aria-labelledby"))).toBe("Order notes");
    expect(html).not.toContain("aria-describedby");
    expect(html).toContain("<p>Leave at the back door.</p>");
    expect(html).toMatch(/<button type="button"[^>]*>Close<\/button>/);
  });
});
