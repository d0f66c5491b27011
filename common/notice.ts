import { z } from "zod";

/** An answer that only tells the shopper something, e.g. "Your password has been changed." */
export const Notice = z
  .object({ message: z.string() })
  .meta({ id: "Notice", description: "A message for the shopper, in British English." });
export type Notice = z.output<typeof Notice>;
