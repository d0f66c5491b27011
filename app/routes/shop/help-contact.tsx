import { useEffect, useRef } from "react";
import { Form, redirect, useNavigation } from "react-router";
import { CONTACT_TOPICS } from "../../../common/contact-topics";
import { PageHeading } from "../../components/page-heading";
import { AppLink } from "../../components/ui/app-link";
import {
  ErrorSummary,
  fieldAnchor,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from "../../components/ui/form";
import { sendContact } from "../../lib/content.server";
import { formPageHeaders } from "../../lib/form-headers";
import { formFailure, runFormRoute } from "../../lib/form-route.server";
import { screenMeta } from "../../lib/meta";
import { readContact } from "../../lib/page-query.server";
import type { Route } from "./+types/help-contact";

export const meta = screenMeta("Contact us", {
  description:
    "Contact Encore's customer care team by form, email or phone. Open Monday to Saturday, UK time.",
});

// No Cache-Control of its own: a plain visit is cached like any page.
export const headers = formPageHeaders();

type Values = Partial<Record<"name" | "email" | "orderNumber" | "topic" | "message", string>>;

export function loader({ request }: Route.LoaderArgs) {
  return { topics: CONTACT_TOPICS, sent: readContact(new URL(request.url)).sent === "1" };
}

/**
 * The contact API's own route, which alone judges the fields (the form does not ask the browser
 * to, so every shopper reads the same messages in the same place); a sent message redirects to
 * the confirmation (post/redirect/get), so a reload never sends it twice and the form is empty.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await runFormRoute(sendContact, request, context);
  if (!result.ok) return formFailure(result);
  throw redirect("/help/contact?sent=1", 303);
}

/** The fields as the error summary names them; each links to its control. */
const FIELD_LABELS = {
  name: { label: "Your name" },
  email: { label: "Email address" },
  topic: { label: "What is it about?" },
  orderNumber: { label: "Order number" },
  message: { label: "Your message" },
};

/**
 * What a sent message leaves in the form's place: a lasting confirmation that takes focus (a
 * toast that vanished left the typed message behind, inviting a second send).
 */
function MessageSent() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      aria-labelledby="message-sent"
      className="h-fit max-w-2xl rounded-2xl border-l-4 border-success bg-white p-6 ring-1 ring-line focus:outline-3 focus:outline-offset-2 focus:outline-ink"
    >
      <h2 id="message-sent" className="font-display text-2xl">
        Thank you, your message has been sent
      </h2>
      <p className="mt-3">
        Our customer care team replies by email within one working day (Monday to Saturday, UK
        time). There is no need to send it again; if it is about an order, the order number helps us
        find it quickly.
      </p>
      <p className="mt-4">
        <AppLink to="/help/contact" className="font-semibold underline hover:text-accent">
          Send another message
        </AppLink>
      </p>
    </div>
  );
}

const HOURS = [
  ["Monday to Friday", "9:00 to 17:30"],
  ["Saturday", "10:00 to 14:00"],
  ["Sunday and bank holidays", "Closed"],
] as const;

export default function HelpContact({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const errors: Record<string, string[] | undefined> = actionData?.errors ?? {};
  const values: Values = actionData?.values ?? {};
  return (
    <>
      <PageHeading
        title="Contact us"
        intro="Questions about an order, sizing or a return? Our customer care team replies within one working day."
      />
      <div className="grid gap-10 lg:grid-cols-[1fr_22rem]">
        {loaderData.sent ? (
          <MessageSent />
        ) : (
          <Form method="post" className="max-w-2xl space-y-5" aria-label="Contact form" noValidate>
            {actionData && (
              <ErrorSummary
                message={actionData.message}
                errors={actionData.errors ?? {}}
                labels={FIELD_LABELS}
                shown={actionData}
              />
            )}
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                name="name"
                id={fieldAnchor("name")}
                label="Your name"
                autoComplete="name"
                required
                maxLength={120}
                defaultValue={values.name}
                errors={errors.name}
              />
              <TextField
                name="email"
                id={fieldAnchor("email")}
                label="Email address"
                type="email"
                autoComplete="email"
                required
                maxLength={254}
                defaultValue={values.email}
                errors={errors.email}
              />
            </div>
            <div className="grid gap-5 sm:grid-cols-2">
              <SelectField
                name="topic"
                id={fieldAnchor("topic")}
                label="What is it about?"
                required
                placeholder="Choose a topic"
                options={loaderData.topics}
                defaultValue={values.topic}
                errors={errors.topic}
              />
              <TextField
                name="orderNumber"
                id={fieldAnchor("orderNumber")}
                label="Order number (optional)"
                hint="On your order confirmation email."
                maxLength={20}
                pattern="[A-Za-z0-9\-]*"
                defaultValue={values.orderNumber}
                errors={errors.orderNumber}
              />
            </div>
            <TextAreaField
              name="message"
              id={fieldAnchor("message")}
              label="Your message"
              required
              minLength={10}
              maxLength={5000}
              rows={7}
              defaultValue={values.message}
              errors={errors.message}
            />
            {/* A trap for bots: hidden from people and from screen readers. */}
            <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
              <label htmlFor="contact-website">Leave this field empty</label>
              <input id="contact-website" name="website" tabIndex={-1} autoComplete="off" />
            </div>
            <p className="text-sm text-muted">
              We use your details only to answer you; see our{" "}
              <a href="/legal/privacy-policy" className="underline">
                privacy policy
              </a>
              .
            </p>
            <div className="sm:w-60">
              <SubmitButton busy={navigation.state === "submitting"} busyLabel="Sending…">
                Send message
              </SubmitButton>
            </div>
          </Form>
        )}
        <aside className="h-fit space-y-6 rounded-2xl bg-white p-6 ring-1 ring-line">
          <section aria-labelledby="reach-us">
            <h2 id="reach-us" className="font-display text-xl">
              Other ways to reach us
            </h2>
            <ul className="mt-3 space-y-2">
              <li>
                Email{" "}
                <a href="mailto:help@encore.example" className="font-semibold underline">
                  help@encore.example
                </a>
              </li>
              <li>
                Phone{" "}
                <a href="tel:+441614960123" className="font-semibold underline">
                  0161 496 0123
                </a>{" "}
                <span className="text-sm text-muted">(UK rate)</span>
              </li>
            </ul>
          </section>
          <section aria-labelledby="opening-hours">
            <h2 id="opening-hours" className="font-bold">
              Opening hours (UK time)
            </h2>
            <dl className="mt-2 space-y-1 text-sm">
              {HOURS.map(([days, hours]) => (
                <div key={days} className="flex justify-between gap-4">
                  <dt>{days}</dt>
                  <dd className="font-semibold">{hours}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section aria-labelledby="post">
            <h2 id="post" className="font-bold">
              By post and returns
            </h2>
            <address className="mt-2 text-sm not-italic text-muted">
              Encore Merch Ltd
              <br />
              Unit 7, Canal Works, 21 Wharf Street
              <br />
              Manchester M1 2AB
            </address>
          </section>
        </aside>
      </div>
    </>
  );
}
