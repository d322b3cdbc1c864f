/** The assistant page, at one conversation when given (`?c=`). */
export const assistantPageOf = (conversationId?: string | null) =>
  conversationId ? `/app/assistant?c=${conversationId}` : "/app/assistant";
