import { bodyLimit } from "hono/body-limit";

/**
 * A route's own, tighter body limit (the app's is 1 MB): 413, and the connection closed, as the
 * rest of the body is never read.
 */
export function smallBody(maxBytes: number) {
  const size = maxBytes >= 1024 ? `${Math.round(maxBytes / 1024)} KB` : `${maxBytes} bytes`;
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) =>
      c.json({ message: `The request body is larger than ${size}.` }, 413, { Connection: "close" }),
  });
}
