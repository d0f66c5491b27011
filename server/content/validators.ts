import { z } from "zod";
import { CONTACT_TOPICS } from "../../common/contact-topics.ts";
import { MAX_EMAIL_LENGTH } from "../customers/index.ts";
import { isOneLine, ONE_LINE } from "../http/text-input.ts";

const TOPIC_IDS = CONTACT_TOPICS.map((topic) => topic.id) as [string, ...string[]];

/** The contact form (the page and POST /api/contact-messages alike). */
export const ContactInput = z.strictObject({
  name: z
    .string({ error: "Enter your name." })
    .trim()
    .min(1, "Enter your name.")
    .max(120, "Must be at most 120 characters.")
    .refine(isOneLine, ONE_LINE),
  email: z
    .string({ error: "Enter your email address." })
    .trim()
    .min(1, "Enter your email address.")
    .max(MAX_EMAIL_LENGTH, `Must be at most ${MAX_EMAIL_LENGTH} characters.`)
    .pipe(z.email("Enter a valid email address, like name@example.com.")),
  orderNumber: z
    .string()
    .trim()
    .max(20, "An order number is at most 20 characters.")
    .regex(/^[A-Za-z0-9-]*$/, "An order number has only letters, digits and hyphens.")
    .optional()
    .transform((value) => (value ? value.toUpperCase() : undefined)),
  topic: z.enum(TOPIC_IDS, { error: "Choose what your message is about." }),
  message: z
    .string({ error: "Enter your message." })
    .trim()
    .min(10, "Tell us a little more: at least 10 characters.")
    .max(5000, "Must be at most 5,000 characters."),
  // A field people never see: only bots fill it in.
  website: z.string().max(500).optional(),
});
export type ContactInput = z.output<typeof ContactInput>;

/** GET /api/blogs/{blog}/articles: which page. */
export const ArticleListQuery = z.strictObject({
  page: z.coerce.number({ error: "Must be a whole number." }).int().min(1).max(10_000).default(1),
  perPage: z.coerce.number({ error: "Must be a whole number." }).int().min(1).max(50).default(12),
});
