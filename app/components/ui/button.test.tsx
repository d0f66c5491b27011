import type { MouseEvent, ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { Button, type ButtonProps, buttonClasses } from "./button";

const markup = (element: ReactElement) => renderToStaticMarkup(element);

/** The props Button gives its <button>, to press it without a browser. */
const rendered = (props: ButtonProps) =>
  (Button(props) as ReactElement<{ onClick: (event: MouseEvent) => void }>).props;

describe("Button", () => {
  it("is a plain button unless told otherwise, so it never submits a form by accident", () => {
    expect(markup(<Button>Save</Button>)).toContain('type="button"');
    expect(markup(<Button type="submit">Save</Button>)).toContain('type="submit"');
  });

  it("while pending, says so, stays focusable and ignores presses", () => {
    const html = markup(
      <Button pending pendingLabel="Saving…">
        Save
      </Button>,
    );
    expect(html).toContain('aria-disabled="true"');
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain("Saving…");
    expect(html).not.toContain("Save<");
    expect(html).not.toMatch(/\sdisabled(=|\s|>)/);

    const onClick = vi.fn();
    const event = { preventDefault: vi.fn() } as unknown as MouseEvent;
    rendered({ pending: true, onClick, children: "Save" }).onClick(event);
    expect(onClick).not.toHaveBeenCalled();
    expect(event.preventDefault).toHaveBeenCalled();
    rendered({ onClick, children: "Save" }).onClick(event);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it("when disabled, is a disabled button and not a busy one", () => {
    const html = markup(<Button disabled>Add to basket</Button>);
    expect(html).toMatch(/\sdisabled=""/);
    expect(html).not.toContain("aria-busy");
  });

  it("adds the caller's classes after its own", () => {
    expect(markup(<Button className="w-full">Go</Button>)).toContain(
      `class="${buttonClasses("primary", "md")} w-full"`,
    );
  });
});

describe("buttonClasses", () => {
  it("gives each variant its own look and each size its own padding", () => {
    expect(buttonClasses("primary")).toContain("bg-ink text-white");
    expect(buttonClasses("secondary")).toContain("border-ink text-ink");
    expect(buttonClasses("danger")).toContain("bg-error text-white");
    expect(buttonClasses("link")).toContain("underline");
    expect(buttonClasses("link")).not.toContain("rounded-full");
    const sizes = ["sm", "md", "lg"] as const;
    expect(new Set(sizes.map((size) => buttonClasses("primary", size))).size).toBe(3);
  });

  it("keeps every target at least 24px square (WCAG 2.5.8)", () => {
    expect(buttonClasses("link", "sm")).toContain("min-h-6 min-w-6");
    // The smallest pill: 20px of text-sm line, 2 × 6px padding and 2 × 2px border = 36px.
    expect(buttonClasses("primary", "sm")).toContain("py-1.5 text-sm");
    expect(buttonClasses("primary", "sm")).toContain("border-2");
  });
});
