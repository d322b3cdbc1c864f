/**
 * A workspace's rule page runs the same intents as a project's
 * (project-automation-intents.server.ts): the home comes from the URL's ids.
 */
export {
  projectAutomationFallback as workspaceAutomationFallback,
  projectAutomationIntents as workspaceAutomationIntents,
} from "./project-automation-intents.server";
