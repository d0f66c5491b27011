import { describe, expect, it } from "vitest";
import { escapeHtml, htmlMail } from "./html.ts";

describe("escapeHtml", () => {
  it("turns every character that could open markup or close an attribute into an entity", () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;",
    );
    expect(escapeHtml("Plain words, £25.00 – fine")).toBe("Plain words, £25.00 – fine");
  });
});

describe("htmlMail", () => {
  it("is a British English document with an escaped title, the body and the trader's details", () => {
    const html = htmlMail({ title: "Fish & <chips>", body: "<p>Hello</p>" });
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en-GB"/);
    expect(html).toContain("<title>Fish &amp; &lt;chips&gt;</title>");
    expect(html).toContain("<p>Hello</p>");
    expect(html).toContain(
      "Encore Merch Ltd, registered in England and Wales, company number 15550123",
    );
  });

  it("lays out with presentation tables and loads nothing from elsewhere", () => {
    const html = htmlMail({ title: "Hello", body: "" });
    const tables = html.match(/<table[^>]*>/g) ?? [];
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) expect(table).toContain('role="presentation"');
    expect(html).not.toMatch(/<img|<link|<style|<script|src=|url\(/i);
  });
});
