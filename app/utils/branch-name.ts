/**
 * The branch name a task suggests (`web-42-fix-the-login-page`): its key in lower case, then
 * its title as ASCII words joined by hyphens, cut at a word so the whole stays at most
 * BRANCH_NAME_MAX characters. A code host's delivery finds the key in it again
 * (app/.server/code-hosts/keys.ts), so the key is never cut.
 */
export const BRANCH_NAME_MAX = 60;

export function branchNameFor(key: string, title: string) {
  const prefix = key.toLowerCase();
  const words = title
    .normalize("NFKD")
    // Accents come apart from their letters under NFKD; what is left outside ASCII goes.
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
  let name = prefix;
  for (const word of words) {
    const next = `${name}-${word}`;
    if (next.length > BRANCH_NAME_MAX) {
      // A first word too long to fit whole is cut rather than dropped.
      if (name === prefix) name = next.slice(0, BRANCH_NAME_MAX).replace(/-+$/, "");
      break;
    }
    name = next;
  }
  return name;
}
