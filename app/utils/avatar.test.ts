import { describe, expect, it } from "vitest";

import { loader } from "~/routes/api/avatar";
import { AVATAR_HUES, avatarHue, avatarInitials, generatedAvatarUrl } from "./avatar";

const draw = (seed: string) =>
  loader({ params: { seed }, request: new Request(`http://localhost/avatar/${seed}`) } as Parameters<typeof loader>[0]);

describe("generated avatar URLs", () => {
  it("carry a hash of the address, never the address", () => {
    const url = generatedAvatarUrl("Ada.Lovelace@example.com");
    expect(url).toMatch(/^\/avatar\/[0-9a-f]{32}\.svg$/);
    expect(url).not.toMatch(/ada|lovelace|example|%40|@/i);
    // Stable per address, whatever its case or spaces; different for someone else.
    expect(generatedAvatarUrl(" ada.lovelace@EXAMPLE.com ")).toBe(url);
    expect(generatedAvatarUrl("grace@example.com")).not.toBe(url);
  });

  it("are drawn for a hash and refused for anything else, such as an address", async () => {
    const seed = generatedAvatarUrl("ada@example.com").slice("/avatar/".length);
    const svg = draw(seed);
    expect(svg.headers.get("Content-Type")).toBe("image/svg+xml");
    let refused: unknown;
    try {
      draw("ada%40example.com.svg");
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(404);
  });
});

describe("avatar initials and colours", () => {
  it("take the first and last names' letters, or an address's parts", () => {
    expect(avatarInitials("Ada Lovelace")).toBe("AL");
    expect(avatarInitials("  mary ann  evans ")).toBe("ME");
    expect(avatarInitials("Plato")).toBe("P");
    expect(avatarInitials("grace.hopper@example.com")).toBe("GH");
    expect(avatarInitials("ops@example.com")).toBe("O");
    expect(avatarInitials("Émile Zola")).toBe("ÉZ");
    expect(avatarInitials("李 小龍")).toBe("李小");
    expect(avatarInitials("(Bob) Smith")).toBe("BS");
    expect(avatarInitials("")).toBe("?");
    expect(avatarInitials("— —")).toBe("?");
  });

  it("give a name the same colour every time, and names many colours", () => {
    expect(avatarHue("Ada Lovelace")).toBe(avatarHue(" ada lovelace"));
    const names = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "John", "Radia", "Ken", "Linus"];
    const hues = new Set(names.map(avatarHue));
    expect(hues.size).toBeGreaterThanOrEqual(6);
    for (const hue of hues) expect(hue >= 0 && hue < AVATAR_HUES).toBe(true);
  });
});
