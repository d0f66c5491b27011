import { fetchCsrfCookie } from "../lib/api-client";
import { loadToken, loadUser } from "./auth";
import { restoreBasket } from "./basket";
import { restoreDiscount } from "./discount";
import { reportClientError } from "./report-error";

/**
 * behaviour.md §2: inside the default layout the shop starts in this order: auth token → CSRF
 * cookie → user → basket → discount code. Each step waits for the one before; a failure is logged
 * and the next step still runs (a failure loading the user is only logged, behaviour.md §8).
 */
export async function runStartup(hasToken: boolean): Promise<void> {
  loadToken(hasToken);
  const steps: Array<() => Promise<void>> = [
    fetchCsrfCookie,
    loadUser,
    restoreBasket,
    restoreDiscount,
  ];
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      reportClientError("startup", error);
    }
  }
}
