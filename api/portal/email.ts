/**
 * E-mail addresses as the portal keeps them: validated, then normalised so that one mailbox is one
 * account (one free account per verified address): trimmed, NFC, lower-cased, and without a `+tag`
 * sub-address (`Ann+test@Example.org` and `ann@example.org` are the same mailbox for nearly every provider).
 * Gmail also ignores dots in the local part and answers at `googlemail.com` as at `gmail.com`, so there
 * `J.Doe@googlemail.com` is `jdoe@gmail.com`. Only the providers known to do so are folded (`DOTLESS`):
 * elsewhere a dot may tell two mailboxes apart. Migration 17 folded the accounts stored before the rule.
 */

/** Domains whose mailboxes ignore dots in the local part, each with the domain it is the same mailbox at. */
const DOTLESS: Readonly<Record<string, string>> = Object.freeze({ 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' });
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
  const folded = Object.hasOwn(DOTLESS, domain) ? DOTLESS[domain]! : null;
  if (folded !== null) return `${local.replace(/\./g, '')}@${folded}`;
  return `${local}@${domain}`;
}
