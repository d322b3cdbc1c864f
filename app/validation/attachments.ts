/** The largest file a task may have attached (any type); the browser checks it before sending. */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;

/** What a refused size says, in the browser and on the server alike. */
export const ATTACHMENT_TOO_LARGE = "The file must be 25 MB or smaller.";

/** Public ids of attachments, as newPublicId makes them: anything else is not looked up. */
const ATTACHMENT_ID = /^[A-Za-z0-9]{6,20}$/;

/** The attachment a removal names, or null when the field is missing or malformed. */
export function attachmentIdOf(formData: FormData) {
  const value = formData.get("attachmentId");
  return typeof value === "string" && ATTACHMENT_ID.test(value) ? value : null;
}
