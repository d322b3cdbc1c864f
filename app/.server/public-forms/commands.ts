import { confirmNewsletterCommand, subscribeToNewsletterCommand, unsubscribeFromNewsletterCommand } from "./newsletter";
import { requestDemoCommand, submitContactMessageCommand, submitSupportRequestCommand } from "./submissions";

/**
 * The public site's commands, run as a visitor: by `handlePublicForm` (Contact, Support,
 * Request Demo, the newsletter's form), by the newsletter's unsubscribe page and by its
 * confirmation link (a GET, one click from the inbox). The command registry's test counts
 * them as reached from a page, as it does the app's intent maps.
 */
export const PUBLIC_SITE_COMMANDS = [
  submitContactMessageCommand,
  submitSupportRequestCommand,
  requestDemoCommand,
  subscribeToNewsletterCommand,
  unsubscribeFromNewsletterCommand,
  confirmNewsletterCommand,
];
