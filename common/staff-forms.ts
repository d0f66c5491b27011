import { z } from "zod";
import { textField } from "./form-codecs.ts";

/**
 * The staff account form: the invitation has all three fields; the edit form has no email (the
 * field is absent, so nothing is sent), and no role for your own account.
 */
export const StaffAccountForm = z.object({
  name: textField(),
  email: textField(),
  role: textField(),
});
