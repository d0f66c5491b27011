import { Form, redirect, useNavigation } from "react-router";
import { CONTACT_TOPICS } from "../../../common/contact-topics";
import { PageHeading } from "../../components/page-heading";
import {
  FormMessage,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from "../../components/ui/form";
import { appContext } from "../../lib/app-context.server";
import { sendContact } from "../../lib/content.server";
import { flashCookie } from "../../lib/flash.server";
import { formPageHeaders } from "../../lib/form-headers";
import { formFailure, runFormRoute } from "../../lib/form-route.server";
import { screenMeta } from "../../lib/meta";
import type { Route } from "./+types/help-contact";

export const meta = screenMeta("Contact us", {
  description:
    "Contact Encore's customer care team by form, email or phone. Open Monday to Saturday, UK time.",
});

// No Cache-Control of its own: a plain visit is cached like any page.
export const headers = formPageHeaders();

type Values = Partial<Record<"name" | "email" | "orderNumber" | "topic" | "message", string>>;

export function loader() {
  return { topics: CONTACT_TOPICS };
}

/**
 * The contact API's own route, validated again whatever the browser checked; a sent message
 * redirects back with a confirmation (post/redirect/get), so a reload never sends it twice.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await runFormRoute(sendContact, request, context);
  if (!result.ok) return formFailure(result);
  const thanks = [{ type: "SUCCESS" as const, body: result.value.message }];
  throw redirect("/help/contact", {
    headers: { "Set-Cookie": flashCookie(thanks, context.get(appContext).config.secure) },
  });
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
        <Form method="post" className="max-w-2xl space-y-5" aria-label="Contact form">
          {actionData?.message && <FormMessage type="error">{actionData.message}</FormMessage>}
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              name="name"
              label="Your name"
              autoComplete="name"
              required
              maxLength={120}
              defaultValue={values.name}
              errors={errors.name}
            />
            <TextField
              name="email"
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
              label="What is it about?"
              required
              placeholder="Choose a topic"
              options={loaderData.topics}
              defaultValue={values.topic}
              errors={errors.topic}
            />
            <TextField
              name="orderNumber"
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
