import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { FormMessage } from "./ui/form";

/**
 * 'You have signed out' on a sign-in page reached by the person's own sign-out (`?signed-out=1`,
 * `SIGNED_OUT_PATH` or `STAFF_SIGNED_OUT_PATH`), said once: the mark leaves the address at once,
 * so a reload or a later visit shows the plain sign-in page at `path`, while this page keeps
 * saying it.
 */
export function SignedOutNotice({ signedOut, path }: { signedOut: boolean; path: string }) {
  const [shown] = useState(signedOut);
  const navigate = useNavigate();
  useEffect(() => {
    // The signed-out addresses carry no other query.
    if (signedOut) void navigate(path, { replace: true, preventScrollReset: true });
  }, [signedOut, navigate, path]);
  if (!shown) return null;
  return (
    <div className="mb-6">
      <FormMessage type="success">You have signed out.</FormMessage>
    </div>
  );
}
