export { handleAuthRequest } from "./router";
export { registerAuthMails } from "./mails";
export { AuthError } from "./errors";
export { userForAccessToken } from "./handlers/user";
export { issuedCodeMethod } from "./pkce";
