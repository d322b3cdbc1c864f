/** A one-time message shown after a redirect (spec section 8 titles and descriptions). */
export type Toast = {
  title: string;
  description?: string;
  variant: "success" | "error" | "info";
  /** Milliseconds before it closes by itself; 5000 unless a message says otherwise. */
  duration?: number;
};

export const DEFAULT_TOAST_DURATION = 5000;
