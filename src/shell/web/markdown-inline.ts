/**
 * The inline markup of the docs' Markdown (markdown.ts): inline code, bold, italics, links, images
 * and citations of the docs; every other character escaped. A link goes out only to http(s) or
 * mailto, to a heading of the page, or to a served doc; an image only from /docs/images.
 */
import { escapeHtml } from '../../report/escape.ts';
import { headingAnchor } from '../../core/doc-refs.ts';
import { paths } from '../../app/words/urls.ts';
import { DOC_IMAGE_FILE } from './image-size.ts';

export interface RenderOptions {
  /** The docs served, by name (`rules` for docs/rules.md): links to others show as text. */
  served: ReadonlySet<string>;
  /** An image's size in pixels, by its file name in docs/images (image-size.ts); null when unknown. */
  imageSize?: (file: string) => { width: number; height: number } | null;
}

const esc = escapeHtml;

/** `images/<file>` (or `./images/<file>`): group 1 the file, a picture of the docs if DOC_IMAGE_FILE says so. */
const IMAGE_HREF = /^(?:\.\/)?images\/([^/]+)$/;
const imageFile = (href: string): string | undefined => {
  const file = IMAGE_HREF.exec(href)?.[1];
  return file && DOC_IMAGE_FILE.test(file) ? file : undefined;
};

/** A link's target on the archive, or null when it may not be one. */
function target(href: string, o: RenderOptions): string | null {
  if (/^(https?:\/\/|mailto:)[^\s"<>]+$/i.test(href)) return href;
  if (/^#[\w%-]*$/.test(href)) return href;
  const m = /^(?:\.\/)?([a-z0-9-]+)\.md(#[\w%-]*)?$/.exec(href);
  return m && o.served.has(m[1] as string) ? paths.doc(m[1] as string, m[2] ?? '') : null;
}

/**
 * A picture of the docs (`file` in docs/images): loaded only when it comes near the screen, decoded
 * off the main thread, and with its size in pixels when known, so that the page does not move as it
 * arrives.
 */
function image(file: string, label: string, o: RenderOptions): string {
  const size = o.imageSize?.(file) ?? null;
  const dims = size ? ` width="${size.width}" height="${size.height}"` : '';
  return `<img src="${esc(paths.docImage(file))}" alt="${esc(label)}"${dims} loading="lazy" decoding="async">`;
}

/** The inline markup of a run of text: code, links, images, bold and italics; the rest escaped. */
export function inline(text: string, o: RenderOptions): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    const rest = text.slice(i);
    if (c === '\\' && /^\\[!-/:-@[-`{-~]/.test(rest)) {
      out += esc(rest[1] as string);
      i += 2;
      continue;
    }
    if (c === '`') {
      const run = /^`+/.exec(rest)?.[0] as string;
      const end = text.indexOf(run, i + run.length);
      if (end > 0) {
        const code = text.slice(i + run.length, end).replace(/\n/g, ' ');
        out += `<code>${esc(code.length > 2 && code.startsWith(' ') && code.endsWith(' ') ? code.slice(1, -1) : code)}</code>`;
        i = end + run.length;
        continue;
      }
      out += esc(run);
      i += run.length;
      continue;
    }
    const link = /^(!?)\[((?:[^[\]\\]|\\.|\[[^\]]*\])*)\]\(\s*([^\s()]*)\s*\)/.exec(rest);
    if ((c === '[' || c === '!') && link) {
      const [whole, bang, label, href] = link as unknown as [string, string, string, string];
      if (bang) {
        const file = imageFile(href);
        out += file ? image(file, label, o) : esc(label);
      } else {
        const to = target(href, o);
        out += to ? `<a href="${esc(to)}">${inline(label, o)}</a>` : inline(label, o);
      }
      i += whole.length;
      continue;
    }
    // A citation in the text, `docs/ground.md "Landing"`, leads to the doc and its section.
    const cite =
      c === 'd' && !/\w/.test(text[i - 1] ?? '') ? /^docs\/([a-z0-9-]+)\.md(?:,? "([^"\n]+)")?/.exec(rest) : null;
    if (cite && o.served.has(cite[1] as string)) {
      out += `<a href="${paths.doc(cite[1] as string, cite[2] ? esc(headingAnchor(cite[2])) : '')}">${esc(cite[0])}</a>`;
      i += cite[0].length;
      continue;
    }
    const auto = /^<(https?:\/\/[^\s<>"]+)>/.exec(rest);
    if (auto) {
      out += `<a href="${esc(auto[1] as string)}">${esc(auto[1] as string)}</a>`;
      i += auto[0].length;
      continue;
    }
    const strong = /^(\*\*|__)(?=\S)([\s\S]*?\S)\1(?![*_])/.exec(rest);
    if (strong && (c === '*' || !/\w/.test(text[i - 1] ?? ''))) {
      out += `<strong>${inline(strong[2] as string, o)}</strong>`;
      i += strong[0].length;
      continue;
    }
    const em = /^([*_])(?=[^\s*_])([\s\S]*?[^\s*_\\])\1(?![*_\w])/.exec(rest);
    if (em && (c === '*' || !/\w/.test(text[i - 1] ?? ''))) {
      out += `<em>${inline(em[2] as string, o)}</em>`;
      i += em[0].length;
      continue;
    }
    out += esc(c);
    i += 1;
  }
  return out;
}
