import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

/** The request's CSP nonce, set by the server entry; undefined in the browser. */
export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
