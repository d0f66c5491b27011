import type { ReactNode } from "react";
import { formatLondonDateTime } from "../../../common/london-time";

/** An ISO time as staff read it: London time, e.g. "24 Nov 2026, 09:00". */
export function LondonTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatLondonDateTime(iso)}</time>;
}

/** A list's "last changed" cell: the time in London, quiet and on one line. */
export function ChangedCell({ iso }: { iso: string }) {
  return (
    <span className="whitespace-nowrap text-muted">
      <LondonTime iso={iso} />
    </span>
  );
}

/** A small rounded label: a status or a yes. */
export function Badge({
  tone = "neutral",
  children,
}: {
  tone?: "neutral" | "success" | "warning" | "danger" | "info";
  children: ReactNode;
}) {
  const tones = {
    neutral: "bg-zinc-100 text-zinc-800 ring-zinc-300",
    success: "bg-green-50 text-green-900 ring-green-300",
    warning: "bg-amber-50 text-amber-900 ring-amber-300",
    danger: "bg-red-50 text-red-900 ring-red-300",
    info: "bg-sky-50 text-sky-900 ring-sky-300",
  } as const;
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

/**
 * A square thumbnail of a stored image, or a grey square when there is none. Decorative: the
 * row's name says what it is. The file endpoint only makes the shop's widths (160 and up), so a
 * narrower one asked for is fetched at 160 and drawn small.
 */
export function Thumbnail({ src, size = 40 }: { src: string | null; size?: number }) {
  const url = src?.replace(/\?w=\d+$/, "?w=160") ?? null;
  return url ? (
    <img
      src={url}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      className="shrink-0 rounded-md bg-zinc-100 object-cover ring-1 ring-line"
      style={{ width: size, height: size }}
    />
  ) : (
    <span
      aria-hidden="true"
      className="block shrink-0 rounded-md bg-zinc-100 ring-1 ring-line"
      style={{ width: size, height: size }}
    />
  );
}
