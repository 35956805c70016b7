import { markdownKeymap, markdownLanguage, pasteURLAsLink } from '@codemirror/lang-markdown';
import { yamlLanguage } from '@codemirror/lang-yaml';
import { Language, LanguageSupport } from '@codemirror/language';
import { Prec } from '@codemirror/state';
import { keymap } from '@codemirror/view';
import type { Parser } from '@lezer/common';
import { BundleParser } from './bundle-parse.ts';
import { bundleData } from './bundle-tree.ts';

/**
 * The language of Markdown card files: Markdown where every card's frontmatter (not only the first, as
 * with the stock `yamlFrontmatter`) is YAML. `markdown` reads the bodies and `yaml` the frontmatters;
 * the parse is incremental card by card (see `BundleParser`).
 */
export function cardBundleLanguage(markdown: Parser, yaml: Parser): Language {
  return new Language(bundleData, new BundleParser(markdown, yaml), [], 'agentcard-markdown');
}

/**
 * Language support for Markdown card files: `cardBundleLanguage` with the GFM Markdown parser and the
 * YAML parser, plus Markdown's list-continuing keys and pasting a URL over a selection as a link. It
 * deliberately leaves out `markdown()`'s HTML and fenced-code languages (HTML, CSS and JavaScript
 * parsers), which this module must not import.
 */
export function cardBundleSupport(): LanguageSupport {
  return new LanguageSupport(cardBundleLanguage(markdownLanguage.parser, yamlLanguage.parser), [
    Prec.high(keymap.of(markdownKeymap)),
    pasteURLAsLink,
  ]);
}
