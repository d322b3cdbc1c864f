/**
 * A workspace's Automations page runs the same intents as a project's
 * (project-automations-intents.server.ts): the home comes from the URL's ids.
 */
export {
  projectAutomationsFallback as workspaceAutomationsFallback,
  projectAutomationsIntents as workspaceAutomationsIntents,
} from "./project-automations-intents.server";
