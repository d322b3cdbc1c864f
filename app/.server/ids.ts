import { randomBytes } from "node:crypto";

/** Letters and digits without look-alikes (0/O, 1/l/I), so ids read aloud survive. */
const ALPHABET = "23456789abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ";

/**
 * A short, stable, unguessable id for URLs (10 characters, about 58 bits), never a
 * database sequence. Rejection sampling keeps every character equally likely.
 */
export function newPublicId(length = 10) {
  let id = "";
  while (id.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < ALPHABET.length * 4 && id.length < length) id += ALPHABET[byte % ALPHABET.length];
    }
  }
  return id;
}
