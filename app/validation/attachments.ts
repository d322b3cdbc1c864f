/** Public ids of attachments, as newPublicId makes them: anything else is not looked up. */
const ATTACHMENT_ID = /^[A-Za-z0-9]{6,20}$/;

/** The attachment a removal names, or null when the field is missing or malformed. */
export function attachmentIdOf(formData: FormData) {
  const value = formData.get("attachmentId");
  return typeof value === "string" && ATTACHMENT_ID.test(value) ? value : null;
}
