/** A small DOM builder: text is always set as text, never parsed as HTML. */

type Attr = string | number | boolean | null | undefined;
export type Child = Node | string | number | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, Attr> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    el.setAttribute(name, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

export function append(el: Element, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
}

/** A table with a caption, a header row and body rows (each row's cells as children, or a ready <tr>). */
export function table(attrs: Record<string, Attr>, caption: string | null, head: string[], rows: (HTMLTableRowElement | Child[])[]): HTMLTableElement {
  return h('table', attrs,
    caption ? h('caption', {}, caption) : null,
    h('thead', {}, h('tr', {}, ...head.map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', {}, ...rows.map((r) => (r instanceof HTMLTableRowElement ? r : h('tr', {}, ...r.map((c) => (c instanceof HTMLTableCellElement ? c : h('td', {}, c))))))));
}

/** A cell holding a number: the exact value in `data-value`, the formatted one as text. */
export const numCell = (value: number | null | undefined, text: string) =>
  h('td', { class: 'num', 'data-value': value === null || value === undefined ? '' : String(value) }, text);

export function badge(kind: string | null | undefined, text?: string): HTMLElement {
  return h('span', { class: `badge badge-${kind ?? 'none'}` }, text ?? kind ?? '–');
}

export function replace(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  append(el, children);
}
