/**
 * The one way the server writes HTML by hand: its own pages (the trip page, the emergency
 * contact's confirmation, the development SMS inbox, the federated sign-in popup), the head and
 * data blocks of the app's page, and mail (ADR 0071). `html` is a tagged template: every value
 * interpolated into it is escaped for text and for quoted attributes alike, unless it is markup
 * that `html` built itself (or `trustedHtml` vouches for), so a value can only reach the page as
 * text. Arrays are joined; null, undefined and false write nothing.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `value` as text in an element or in a quoted attribute (also valid XML). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Markup that is safe to write as it is: built by `html`, or vouched for by `trustedHtml`. */
export class Html {
  readonly #markup: string;

  constructor(markup: string) {
    this.#markup = markup;
  }

  toString(): string {
    return this.#markup;
  }
}

export type HtmlValue = Html | string | number | boolean | null | undefined | readonly HtmlValue[];

function write(value: HtmlValue): string {
  if (value instanceof Html) return value.toString();
  if (Array.isArray(value)) return value.map(write).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): Html {
  let markup = strings[0]!;
  values.forEach((value, i) => {
    markup += write(value) + strings[i + 1]!;
  });
  return new Html(markup);
}

/** Markup the server made itself (the built index.html, a React render): written unescaped. */
export const trustedHtml = (markup: string): Html => new Html(markup);

/**
 * JSON is safe inside a <script> element once nothing in it can close the element or open a
 * comment: `<`, `>` and `&` become JSON escapes, which JSON.parse reads back as the same text.
 * U+2028 and U+2029 are escaped too, for any reader that treats the block as JavaScript.
 */
export function jsonForScript(json: string): Html {
  return new Html(json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** A data block the page's script reads with JSON.parse: `json` is already serialised. */
export const jsonScript = (id: string, json: string): Html =>
  html`<script type="application/json" id="${id}">${jsonForScript(json)}</script>`;

/** Pieces of markup written one after the other, for templates too long for one line. */
export const joinHtml = (parts: readonly HtmlValue[]): Html => html`${parts}`;
