import { loadChunk } from "../client/chunk-reload";
import { buttonClasses } from "./ui/button";

const styles = {
  button: buttonClasses(),
  // Among the footer's links, it looks like one of them.
  link: "text-left text-zinc-200 hover:text-white hover:underline",
};
const labels = { button: "Change cookie settings", link: "Cookie settings" };

// The consent code rides with the banner's chunk (issue 17), already loaded by the time a
// visitor reaches this button; the import only waits for it.
async function openCookieSettings() {
  (await loadChunk(() => import("../client/consent")))?.openCookieSettings();
}

/** Reopens the cookie banner's choices so a visitor can change them (cookie policy §7). */
export function CookieSettingsButton({
  className = "",
  variant = "button",
}: {
  className?: string;
  variant?: keyof typeof styles;
}) {
  return (
    <button
      type="button"
      onClick={() => void openCookieSettings()}
      className={`${styles[variant]} ${className}`.trim()}
    >
      {labels[variant]}
    </button>
  );
}
