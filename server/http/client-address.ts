import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import proxyaddr from "proxy-addr";
import type { Config } from "../config.ts";

type Trust = (address: string, hop: number) => boolean;

// Compiled once per configuration: TRUST_PROXY is read at start, never per request.
const compiled = new WeakMap<NonNullable<Config["trustProxy"]>, Trust>();

/** Which hops of X-Forwarded-For to believe, from the TRUST_PROXY setting. */
export function proxyTrust(setting: NonNullable<Config["trustProxy"]>): Trust {
  let trust = compiled.get(setting);
  if (!trust) {
    trust =
      "hops" in setting
        ? (_address, hop) => hop < setting.hops
        : proxyaddr.compile(setting.addresses);
    compiled.set(setting, trust);
  }
  return trust;
}

/**
 * The client for rate limits and the brute-force limit (security.md #14, #20): the connection's
 * address, or, behind the proxies TRUST_PROXY names, the address the nearest untrusted hop of
 * X-Forwarded-For gives. Without TRUST_PROXY the header is ignored, as anyone can write it.
 */
export function clientAddress(c: Context): string {
  let remote: string;
  try {
    remote = getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
  const setting = (c.get("config") as Config | undefined)?.trustProxy;
  if (!setting) return remote;
  const forwardedFor = c.req.header("x-forwarded-for");
  const request = {
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
    connection: { remoteAddress: remote },
    socket: { remoteAddress: remote },
  };
  return proxyaddr(request as unknown as Parameters<typeof proxyaddr>[0], proxyTrust(setting));
}
