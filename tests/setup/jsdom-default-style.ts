import { createRequire } from 'node:module';

/**
 * jsdom computes an element's style by checking every rule of its built-in default stylesheet
 * (about 110 rules) against the element. It skips a rule only when none of its selectors can
 * name the element by tag, id or class, so `address, blockquote, …, div` is checked whole for a
 * div, and the rules that name only attributes or pseudo-classes (`[popover]:not(…)`,
 * `[dir]:dir(ltr)`, `[hidden]…`, `:link`) are checked for every element, several on
 * dom-selector's slow path. Testing Library asks `getComputedStyle` whether each candidate of a
 * role query is hidden, and jsdom forgets every computed style on any change to the page, so in
 * the model tests this matching was a quarter of the time (issue 23 §5, measured with --cpu-prof).
 *
 * This narrows each check to the selectors of the list whose subject can be this element: a type
 * selector must name its tag, each attribute selector must name an attribute it has (`:link`,
 * `:visited` and `:any-link` need `href`), and no pseudo-element (jsdom's computed style never
 * matches one). When none can, the answer is "no match" without asking dom-selector. When only
 * some can, those are checked first. A bare type selector that names the element (`div` in
 * `address, …, div`) matches without a check. On a match, the answer is the one jsdom's check of
 * the whole list gave the first time: the syntax tree from which jsdom takes the rule's
 * specificity stays jsdom's own.
 * tests/unit/jsdom-default-style.test.ts holds it to jsdom's answers.
 */
type ElementImpl = {
  _localName: string;
  hasAttributeNS(namespace: null, name: string): boolean;
};
type CheckResult = { match: boolean; ast: unknown; pseudoElement: string | null };
type Check = (selector: string, node: ElementImpl, options?: object) => CheckResult;
type DomSelector = { check: Check } & { [ownCheck]?: Check };

/** What a selector's subject (its last compound selector) requires of an element, or null if this reading cannot tell. */
type SubjectRequirement = { text: string; tag: string | null; attributes: string[]; pseudoElement: boolean } | null;

/** Where jsdom's own check is kept, so that this file evaluated again (for another test file) does not wrap its own wrapper. */
const ownCheck = Symbol.for('teileportal.jsdomOwnSelectorCheck');

const require = createRequire(import.meta.url);
const { implForWrapper } = require('jsdom/lib/generated/idl/utils.js') as {
  implForWrapper: (wrapper: unknown) => { _getDOMSelector(): DomSelector };
};

/** Splits at `separator` outside brackets, parentheses and quotes. */
function splitOutside(text: string, isSeparator: (character: string) => boolean): string[] {
  const pieces: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let current = '';
  for (const character of text) {
    if (quote) {
      if (character === quote) quote = null;
    } else if (character === '"' || character === "'") {
      quote = character;
    } else if (character === '(' || character === '[') {
      depth++;
    } else if (character === ')' || character === ']') {
      depth--;
    } else if (depth === 0 && isSeparator(character)) {
      pieces.push(current);
      current = '';
      continue;
    }
    current += character;
  }
  pieces.push(current);
  return pieces;
}

/** The part of a compound selector outside any parentheses: `input:is([type=x])[dir]` → `input:is[dir]`. */
function outsideParentheses(compound: string): string {
  let depth = 0;
  let outside = '';
  for (const character of compound) {
    if (character === '(') depth++;
    if (depth === 0) outside += character;
    if (character === ')') depth--;
  }
  return outside;
}

function subjectRequirement(complexSelector: string): SubjectRequirement {
  const text = complexSelector.trim();
  // Namespaces, escapes and quotes inside brackets are not read here: such a selector is always checked.
  if (text === '' || /[|\\]/.test(text)) return null;
  const compounds = splitOutside(text, (character) => /[\s>+~]/.test(character)).filter((piece) => piece !== '');
  const subject = outsideParentheses(compounds.at(-1) ?? '');
  const attributes = [...subject.matchAll(/\[\s*([a-zA-Z_][\w-]*)/g)].map((match) => (match[1] ?? '').toLowerCase());
  if (/:(any-link|link|visited)(?![\w-])/i.test(subject)) attributes.push('href');
  return {
    text,
    tag: /^[a-zA-Z][\w-]*/.exec(subject)?.[0].toLowerCase() ?? null,
    attributes,
    pseudoElement: subject.includes('::'),
  };
}

const requirementsBySelector = new Map<string, SubjectRequirement[]>();
function requirementsOf(selectorList: string): SubjectRequirement[] {
  let requirements = requirementsBySelector.get(selectorList);
  if (!requirements) {
    requirements = splitOutside(selectorList, (character) => character === ',').map(subjectRequirement);
    requirementsBySelector.set(selectorList, requirements);
  }
  return requirements;
}

function canBeSubject(requirement: SubjectRequirement, element: ElementImpl): boolean {
  if (requirement === null) return true;
  if (requirement.pseudoElement) return false;
  if (requirement.tag !== null && requirement.tag !== element._localName.toLowerCase()) return false;
  return requirement.attributes.every((attribute) => element.hasAttributeNS(null, attribute));
}

const noMatch: CheckResult = Object.freeze({ match: false, ast: null, pseudoElement: null });

const domSelector = implForWrapper(document)._getDOMSelector();
/** dom-selector's own check, kept for the test that compares both. */
const jsdomCheck: Check = domSelector[ownCheck] ?? domSelector.check;
domSelector[ownCheck] = jsdomCheck;

/** A selector list's syntax tree as jsdom's check answered it, the same for every element (jsdom takes the rule's specificity from it). */
const listSyntaxTrees = new Map<string, unknown>();

/** A bare type selector (`div`) that names the element: it matches, with no selector engine asked. */
function namesElement(requirement: SubjectRequirement, element: ElementImpl): boolean {
  return requirement !== null && requirement.text === requirement.tag && element._localName === requirement.tag;
}

const narrowedCheck: Check = (selectorList, element, options) => {
  const requirements = requirementsOf(selectorList);
  const possible = requirements.filter((requirement) => canBeSubject(requirement, element));
  if (possible.length === 0) return noMatch;
  let certain = possible.some((requirement) => namesElement(requirement, element));
  if (!certain && possible.length < requirements.length && !possible.includes(null)) {
    const narrowed = possible.map((requirement) => requirement?.text ?? '').join(', ');
    if (!jsdomCheck(narrowed, element, options).match) return noMatch;
    certain = true;
  }
  // A list that matches answers as jsdom's check of the whole list did before: a match, its syntax
  // tree, no pseudo-element. Lists with a pseudo-element are always asked whole, as jsdom answers
  // those differently.
  const knownTree = listSyntaxTrees.get(selectorList);
  if (certain && knownTree !== undefined) return { match: true, ast: knownTree, pseudoElement: null };
  const result = jsdomCheck(selectorList, element, options);
  if (
    result.match &&
    result.pseudoElement === null &&
    !requirements.some((requirement) => requirement?.pseudoElement)
  ) {
    listSyntaxTrees.set(selectorList, result.ast);
  }
  return result;
};

domSelector.check = narrowedCheck;

/** Runs `work` with jsdom's own check in place, as the comparison test needs. */
export function withJsdomCheck<T>(work: () => T): T {
  domSelector.check = jsdomCheck;
  try {
    return work();
  } finally {
    domSelector.check = narrowedCheck;
  }
}
