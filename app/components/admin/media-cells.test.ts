import { describe, expect, it } from "vitest";
import { dimensionsOf, fileFacts, formatBytes, titleFromFileName } from "./media-cells";
import { recordPath, sectionRecordPath } from "./sections";
import { initialsOf } from "./staff-cells";

describe("the media library's words for a file", () => {
  it("says sizes in bytes, KB and MB", () => {
    expect(formatBytes(812)).toBe("812 bytes");
    expect(formatBytes(245 * 1024 + 300)).toBe("245 KB");
    expect(formatBytes(1.25 * 1024 * 1024)).toBe("1.3 MB");
  });

  it("says an image's pixels, and nothing for a file without any", () => {
    expect(dimensionsOf({ width: 1200, height: 1500 })).toBe("1,200 × 1,500");
    expect(dimensionsOf({ width: null, height: null })).toBeUndefined();
    expect(
      fileFacts({
        slug: "0a8e5d9c-0000-4000-a000-000000000000.png",
        width: 1000,
        height: 750,
        byteSize: 2048,
      } as Parameters<typeof fileFacts>[0]),
    ).toBe("PNG · 1,000 × 750 · 2 KB");
  });

  it("titles an upload by its file's name without the extension", () => {
    expect(titleFromFileName("green-stage.png")).toBe("green-stage");
    expect(titleFromFileName("tour.poster.final.jpeg")).toBe("tour.poster.final");
    expect(titleFromFileName(".png")).toBe("Untitled");
    expect(titleFromFileName("x".repeat(300)).length).toBe(200);
  });
});

describe("the audit log's links to media and staff records", () => {
  it("links files and folders to their own screens, and staff to theirs", () => {
    expect(recordPath("files", "42")).toBe("/admin/media/files/42");
    expect(recordPath("folders", "7")).toBe("/admin/media/folders/7");
    expect(recordPath("staff", "3")).toBe("/admin/staff/3");
    expect(recordPath("brands", "5")).toBe("/admin/bands/5");
  });

  it("links a record of another section by the section's address", () => {
    expect(sectionRecordPath("bands", 5)).toBe("/admin/bands/5");
    expect(sectionRecordPath("orders", 5)).toBe("/admin/orders/5");
    expect(sectionRecordPath("nowhere", 5)).toBeUndefined();
  });
});

describe("a staff member's avatar", () => {
  it("shows the first and last initials", () => {
    expect(initialsOf("Robin Picker")).toBe("RP");
    expect(initialsOf("Jo  de la Admin")).toBe("JA");
    expect(initialsOf("Cher")).toBe("C");
  });
});
