/**
 * E-mail addresses as the portal keeps them: validated, then normalised so that one mailbox is one
 * account (one free account per verified address): trimmed, NFC, lower-cased, and without a `+tag`
 * sub-address (`Ann+test@Example.org` and `ann@example.org` are the same mailbox for nearly every provider).
 */
const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** The normalised address, or null when `input` is not a plausible address (ASCII local part, a dotted domain). */
export function normaliseEmail(input: string): string | null {
  const text = input.normalize('NFC').trim();
  if (text.length > 254) return null;
  const at = text.lastIndexOf('@');
  if (at < 1) return null;
  let local = text.slice(0, at);
  const domain = text.slice(at + 1).toLowerCase().replace(/\.$/, '');
  if (local.length > 64 || !LOCAL.test(local)) return null;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || /^\d+$/.test(labels.at(-1)!)) return null;
  local = local.toLowerCase();
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  return `${local}@${domain}`;
}
