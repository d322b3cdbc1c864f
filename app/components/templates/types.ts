/** What a template card shows: sent by the list's loader, nothing more. */
export type TemplateCardData = {
  id: string;
  name: string;
  description: string;
  category: string;
  icon: string;
  color: string;
  builtIn: boolean;
  mine: boolean;
  /** The workspace it is shared in (null for a built-in). */
  workspace: string | null;
};

/** A workspace the user may create projects in: Use Template's choices. */
export type TargetWorkspace = { id: string; name: string };
