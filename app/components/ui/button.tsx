import type { ComponentProps, ReactNode } from "react";

export type ButtonVariant = "primary" | "secondary" | "danger" | "link";
export type ButtonSize = "sm" | "md" | "lg";

// Every pill has a 2px border, so filled and outlined buttons of one size line up; on filled ones
// it is transparent, which Windows' forced colours turn into a visible edge. The padding is 2px
// less than the look it gives (px-5.5 + 2px = 24px).
const PILL = "rounded-full border-2";
const PILL_SIZES: Record<ButtonSize, string> = {
  sm: "px-3.5 py-1.5 text-sm", // 36px high
  md: "px-5.5 py-2.5", // 48px high
  lg: "px-7.5 py-3.5 text-lg", // 60px high
};
// A link-style button is text-sized; min-h-6/min-w-6 keep it a 24×24px target (WCAG 2.5.8).
const LINK_SIZES: Record<ButtonSize, string> = { sm: "text-sm", md: "", lg: "text-lg" };

// Text on each fill is at least 6.5:1 (white on error), and disabled buttons are exempt
// (WCAG 1.4.3). Hover comes before disabled in Tailwind's order, so disabled wins.
const VARIANTS: Record<ButtonVariant, string> = {
  primary: `${PILL} border-transparent bg-ink text-white hover:bg-accent disabled:bg-zinc-400`,
  secondary: `${PILL} border-ink text-ink hover:bg-zinc-100 disabled:border-zinc-400 disabled:bg-transparent disabled:text-muted`,
  danger: `${PILL} border-transparent bg-error text-white hover:bg-error-dark disabled:bg-zinc-400`,
  link: "min-h-6 min-w-6 underline hover:text-accent disabled:text-muted disabled:no-underline",
};

/** The classes of a button, for a link (`AppLink`, `<a>`) that should look like one. */
export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md"): string {
  const sizes = variant === "link" ? LINK_SIZES : PILL_SIZES;
  return [
    "inline-flex items-center justify-center gap-2 text-center font-bold",
    "disabled:cursor-not-allowed aria-disabled:cursor-progress aria-disabled:opacity-70",
    VARIANTS[variant],
    sizes[size],
  ]
    .filter(Boolean)
    .join(" ");
}

export type ButtonProps = ComponentProps<"button"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * While the action it started is under way: the button says so (`pendingLabel`), ignores
   * clicks and presses, and stays focusable, so keyboard users do not lose their place as a
   * `disabled` button would make them.
   */
  pending?: boolean;
  pendingLabel?: ReactNode;
};

/** A button; `type` is "button" unless said, so it never submits a form by accident. */
export function Button({
  variant = "primary",
  size = "md",
  pending = false,
  pendingLabel,
  type = "button",
  className,
  onClick,
  children,
  ...button
}: ButtonProps) {
  return (
    <button
      type={type}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      className={
        className ? `${buttonClasses(variant, size)} ${className}` : buttonClasses(variant, size)
      }
      onClick={(event) => {
        // Also stops the form submission a pending submit button would otherwise start again.
        if (pending) event.preventDefault();
        else onClick?.(event);
      }}
      {...button}
    >
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
