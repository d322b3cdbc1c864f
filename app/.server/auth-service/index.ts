export { handleAuthRequest } from "./router";
export { registerAuthMails } from "./mails";
