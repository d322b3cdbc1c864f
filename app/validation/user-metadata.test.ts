import { describe, expect, it } from "vitest";

import { profileFromMetadata } from "./user-metadata";

describe("profileFromMetadata", () => {
  it("keeps a bounded, trimmed name and only avatars we uploaded", () => {
    expect(profileFromMetadata({ full_name: " Ada ", avatar_url: "/uploads/avatars/x_Y-1.webp" })).toEqual({
      fullName: "Ada",
      avatarUrl: "/uploads/avatars/x_Y-1.webp",
    });
    expect(profileFromMetadata({ full_name: "n".repeat(5000), avatar_url: "https://t.example/p.gif" })).toEqual({
      fullName: "n".repeat(80),
      avatarUrl: null,
    });
    expect(profileFromMetadata({ full_name: 7, avatar_url: "/uploads/covers/x.webp" })).toEqual({
      fullName: "",
      avatarUrl: null,
    });
    expect(profileFromMetadata(null)).toEqual({ fullName: "", avatarUrl: null });
    expect(profileFromMetadata({ full_name: "😀".repeat(100) }).fullName).toBe("😀".repeat(80));
  });
});
