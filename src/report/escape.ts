/**
 * The one HTML escaper (text into HTML or SVG, in an element or a quoted attribute): the five
 * characters that can end or open markup, & < > " and ', as numeric references. Used by the maps'
 * SVG, the web pages, the docs served as HTML, the OAuth page and the Matrix hook's HTML body.
 */
export const escapeHtml = (v: string | number): string => String(v).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
