/** What the Chat view is sent (app/.server/chat/queries.ts builds it). */
export type ChatMessage = {
  id: string;
  author: { name: string; avatarUrl: string | null };
  /** ISO 8601. */
  createdAt: string;
  edited: boolean;
  deleted: boolean;
  /** Sanitized HTML of the Markdown body, mentions wrapped in `.pl-mention`. */
  html: string;
  /** The Markdown source, only when the viewer may edit it. */
  body: string | null;
  canEdit: boolean;
  canDelete: boolean;
  /** Follows a message of the same author within a few minutes: drawn without the header. */
  grouped: boolean;
};

export type ChatData = {
  messages: ChatMessage[];
  /** Cursor of the page of older messages, when there is one. */
  olderBefore: string | null;
  /** The workspace's members the @mention suggestions offer. */
  members: { id: string; name: string; avatarUrl: string | null }[];
  canPost: boolean;
  /** `?before=`: this page is older messages. */
  before: string | null;
  /** `?edit=`: the message whose edit form is open (without JavaScript). */
  editing: string | null;
};

/** A refused post or edit: the text kept, and why. */
export type ChatRefusal = { messageId: string | null; body: string; error: string };
