/**
 * What a money-moving call answers about its `Idempotency-Key` (decision 0036), in one place for
 * the server that says it and the browser that acts on it.
 */
export const KEY_REUSED =
  "This Idempotency-Key was already used for a different request. Use a new key for a new request.";
export const KEY_IN_FLIGHT =
  "This request is still being processed. Wait a moment, then try again with the same key.";
