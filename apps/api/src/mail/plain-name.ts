// Control characters (C0, DEL, C1) and the bidirectional overrides that can reorder what a reader sees.
const CONTROLS = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
// What a mail client would turn into a link: a scheme (https:, mailto:…), www., or a dotted host name
// ending in a top-level domain (example.com/path). "J. R." and "Mary-Jane" are not.
const LINKS = /\b[a-z][a-z0-9+.-]*:\S*|\bwww\.\S*|\b[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}\b\S*/giu;

/**
 * A name someone typed (their first name, a passkey's label) as a mail may show it: without links
 * or control characters, so a name like "Visit evil.example" cannot put a clickable address, or a
 * line that looks like ours, into a mail we send. Empty after that, it is `fallback`.
 */
export function plainName(name: string, fallback = 'there'): string {
  const plain = name.replace(CONTROLS, ' ').replace(LINKS, ' ').replace(/\s+/g, ' ').trim();
  return plain === '' ? fallback : plain;
}
