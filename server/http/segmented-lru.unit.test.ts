import { describe, expect, it } from "vitest";
import { LeastRecentlyUsed, SegmentedLru } from "./segmented-lru.ts";

const item = (key: string, bytes = 10) => ({ key, bytes });

/** Probation holds 3 items or 100 bytes, the protected segment 2 items or 100 bytes. */
const segmented = () =>
  new SegmentedLru<{ key: string; bytes: number }>({
    probation: { maxEntries: 3, maxBytes: 100 },
    protected: { maxEntries: 2, maxBytes: 100 },
  });

const keys = (lru: SegmentedLru<{ key: string; bytes: number }>) =>
  [...lru.values()].map((kept) => `${kept.key}:${lru.segmentOf(kept.key)}`);

describe("LeastRecentlyUsed", () => {
  it("sends the least recently used out past either bound, and says which", () => {
    const evicted: string[] = [];
    const lru = new LeastRecentlyUsed({ maxEntries: 2, maxBytes: 25 }, (gone) =>
      evicted.push(gone.key),
    );
    lru.set(item("a"));
    lru.set(item("b"));
    lru.get("a");
    lru.set(item("c"));
    expect([...lru.values()].map((kept) => kept.key)).toEqual(["a", "c"]);
    lru.set(item("d", 20));
    expect([...lru.values()].map((kept) => kept.key)).toEqual(["d"]);
    expect(evicted).toEqual(["b", "a", "c"]);
    expect(lru.bytes).toBe(20);
  });

  it("counts what an item it keeps grew by, and sends others out for it", () => {
    const lru = new LeastRecentlyUsed({ maxEntries: 10, maxBytes: 30 });
    lru.set(item("a"));
    const grown = item("b");
    lru.set(grown);
    grown.bytes += 5;
    lru.grew(grown, 5);
    expect(lru.bytes).toBe(25);
    grown.bytes += 10;
    lru.grew(grown, 10);
    expect([...lru.values()].map((kept) => kept.key)).toEqual(["b"]);
    expect(lru.bytes).toBe(25);
  });
});

describe("SegmentedLru", () => {
  it("keeps a new item on probation, and promotes it when it is asked for again", () => {
    const lru = segmented();
    lru.set(item("drop"));
    expect(lru.segmentOf("drop")).toBe("probation");
    expect(lru.get("drop")?.key).toBe("drop");
    expect(lru.segmentOf("drop")).toBe("protected");
    expect(lru.get("drop")?.key).toBe("drop");
    expect(lru.segmentOf("drop")).toBe("protected");
    expect(lru.get("never")).toBeUndefined();
  });

  it("lets items asked for once replace each other on probation, never a protected one", () => {
    const lru = segmented();
    lru.set(item("popular"));
    lru.get("popular");
    for (let n = 0; n < 50; n++) lru.set(item(`once-${n}`));
    expect(keys(lru)).toEqual([
      "once-47:probation",
      "once-48:probation",
      "once-49:probation",
      "popular:protected",
    ]);
    expect(lru.size).toBe(4);
    expect(lru.bytes).toBe(40);
  });

  it("sends what the protected segment lets go back to probation, which sends it out last", () => {
    const lru = segmented();
    for (const key of ["a", "b", "c"]) {
      lru.set(item(key));
      lru.get(key);
    }
    // The protected segment holds two: "a", its least recently used, is back on probation.
    expect(keys(lru)).toEqual(["a:probation", "b:protected", "c:protected"]);
    lru.get("a");
    expect(keys(lru)).toEqual(["b:probation", "c:protected", "a:protected"]);
    lru.set(item("x"));
    lru.set(item("y"));
    lru.set(item("z"));
    expect(keys(lru)).toEqual([
      "x:probation",
      "y:probation",
      "z:probation",
      "c:protected",
      "a:protected",
    ]);
  });

  it("keeps an item made again where its key is, protected once asked for again", () => {
    const lru = segmented();
    lru.set(item("page"));
    lru.get("page");
    const remade = item("page", 20);
    lru.set(remade);
    expect(lru.segmentOf("page")).toBe("protected");
    expect(lru.get("page")).toBe(remade);
    expect(lru.bytes).toBe(20);
    lru.set(item("once"));
    lru.set(item("once", 30));
    expect(keys(lru)).toEqual(["once:probation", "page:protected"]);
    expect(lru.bytes).toBe(50);
  });

  it("counts a copy an item grew by in its segment, and sends items out of that segment for it", () => {
    const lru = segmented();
    const page = item("page", 40);
    lru.set(page);
    lru.get("page");
    const other = item("other", 40);
    lru.set(other);
    lru.get("other");
    lru.set(item("once", 70));
    expect(lru.bytes).toBe(150);

    // A compressed copy of the protected "other": the protected segment is past 100 bytes, so its
    // least recently used ("page") goes back to probation, which sends "once" out for it.
    other.bytes += 30;
    lru.grew(other, 30);
    expect(keys(lru)).toEqual(["page:probation", "other:protected"]);
    expect(lru.bytes).toBe(110);

    // Counted once, in the segment that holds it; an item no longer kept changes nothing.
    const gone = item("gone", 5);
    gone.bytes += 5;
    lru.grew(gone, 5);
    expect(lru.bytes).toBe(110);
  });

  it("never keeps an item larger than probation's bytes", () => {
    const lru = segmented();
    lru.set(item("huge", 101));
    expect(lru.size).toBe(0);
    expect(lru.bytes).toBe(0);
  });

  it("forgets a deleted item in either segment", () => {
    const lru = segmented();
    lru.set(item("a"));
    lru.get("a");
    lru.set(item("b"));
    lru.delete("a");
    lru.delete("b");
    expect(lru.size).toBe(0);
    expect(lru.bytes).toBe(0);
  });
});
