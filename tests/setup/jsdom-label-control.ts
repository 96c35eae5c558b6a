import { createRequire } from 'node:module';

/**
 * jsdom finds a label's control (`<label for="x">`) by walking the whole document for the id, and
 * an input's `labels` asks that of every label in the document. Testing Library computes the
 * accessible name of every candidate (`getByRole(…, { name })`, `getByLabelText`), so one query
 * on a form with many labels walked the document thousands of times: two thirds of the model
 * tests' time (issue 23 §5, measured with --cpu-prof). This looks the id up in jsdom's own
 * id index, which answers the first element in tree order as the walk does; everything else (no
 * `for`, an empty one, a label outside the document) keeps jsdom's own code.
 * The other direction, a control's `labels`, walked the whole document once per control for the
 * same queries (5 % of `part-dealer-onboarding.paths` after the first change); in a document it
 * now asks only the document's labels, a list jsdom keeps until the document changes.
 * tests/unit/jsdom-label-control.test.ts holds both to jsdom's answers.
 */
type LabelImpl = {
  getAttributeNS(namespace: null, name: string): string | null;
  getRootNode(options: object): unknown;
  _ownerDocument: { getElementById(id: string): unknown };
};

const require = createRequire(import.meta.url);
const { implForWrapper, wrapperForImpl } = require('jsdom/lib/generated/idl/utils.js') as {
  implForWrapper: (wrapper: unknown) => object;
  wrapperForImpl: (impl: unknown) => unknown;
};
const { isLabelable } = require('jsdom/lib/jsdom/living/helpers/form-controls.js') as {
  isLabelable: (node: unknown) => boolean;
};
const { listOfElementsWithQualifiedName } = require('jsdom/lib/jsdom/living/node.js') as {
  listOfElementsWithQualifiedName: (name: string, root: unknown) => LiveListImpl;
};

const fastControl = Symbol.for('teileportal.fastLabelControl');
const labelImplPrototype = Object.getPrototypeOf(implForWrapper(document.createElement('label'))) as Record<
  symbol,
  (() => unknown) | undefined
>;
/** jsdom's own getter, kept for the labels outside a document and for the test that compares both. */
const jsdomControl: () => unknown = (() => {
  const own = labelImplPrototype[fastControl] ?? Object.getOwnPropertyDescriptor(labelImplPrototype, 'control')?.get;
  if (!own) throw new Error('jsdom changed: HTMLLabelElement-impl has no control getter to speed up');
  return own;
})();
labelImplPrototype[fastControl] = jsdomControl;
Object.defineProperty(labelImplPrototype, 'control', {
  configurable: true,
  get(this: LabelImpl) {
    const forValue = this.getAttributeNS(null, 'for');
    if (forValue && this.getRootNode({}) === this._ownerDocument) {
      const target = this._ownerDocument.getElementById(forValue);
      return target && isLabelable(target) ? target : null;
    }
    return jsdomControl.call(this);
  },
});

/** The control as jsdom's own walk finds it. */
export function controlByJsdomWalk(label: HTMLLabelElement): HTMLElement | null {
  return wrapperForImpl(jsdomControl.call(implForWrapper(label))) as HTMLElement | null;
}

/** jsdom's live NodeList and HTMLCollection: `_query` runs again whenever `_element` has changed. */
type LiveListImpl = { _list: unknown[]; _update(): void };
type ControlImpl = { _ownerDocument: { _globalObject: object }; getRootNode(options: object): unknown };
const { createImpl: createNodeList } = require('jsdom/lib/generated/idl/NodeList.js') as {
  createImpl: (globalObject: object, args: [], options: { element: object; query: () => unknown[] }) => LiveListImpl;
};

const labelsList = Symbol.for('teileportal.labelsList');
type ControlWithLabels = ControlImpl & { [labelsList]?: LiveListImpl | null };
const documentLabels = new WeakMap<object, LiveListImpl>();

/** The labels whose control is this one, in tree order: what jsdom's walk over every node finds. */
function labelsFromDocument(control: ControlImpl, root: object) {
  let labels = documentLabels.get(root);
  if (!labels) {
    labels = listOfElementsWithQualifiedName('label', root);
    documentLabels.set(root, labels);
  }
  labels._update();
  return labels._list.filter((label) => (label as { control?: unknown }).control === control);
}

// jsdom keeps a control's `labels` in `_labels`: null until first asked, then a live list whose
// query walks every node under the control's root of that moment, at once and after every change.
// Every labelable element's class extends HTMLElement's, whose prototype answers instead: for a
// control in a document, a live list rooted there that asks the document's labels; anything else
// (a control outside a document) gets jsdom's own list.
const htmlElementImplPrototype = Object.getPrototypeOf(
  Object.getPrototypeOf(implForWrapper(document.createElement('input'))),
) as object;
Object.defineProperty(htmlElementImplPrototype, '_labels', {
  configurable: true,
  get(this: ControlWithLabels) {
    const kept = this[labelsList];
    if (kept || !isLabelable(this)) return kept ?? null;
    const root = this.getRootNode({});
    if (root !== this._ownerDocument) return null;
    const list = createNodeList(this._ownerDocument._globalObject, [], {
      element: root,
      query: () => labelsFromDocument(this, root),
    });
    this[labelsList] = list;
    return list;
  },
  set(this: ControlWithLabels, list: LiveListImpl | null) {
    this[labelsList] = list;
  },
});

/** A control's labels as jsdom's walk finds them: every label under its root, in tree order, whose control (jsdom's own) it is. */
export function labelsByJsdomWalk(control: HTMLElement): HTMLLabelElement[] {
  const root = control.getRootNode() as ParentNode;
  // jsdom's walk starts at the root itself: a label outside a document can be its own tree's root.
  return [...(root instanceof Element ? [root] : []), ...root.querySelectorAll('*')].filter(
    (element): element is HTMLLabelElement =>
      element instanceof HTMLLabelElement && controlByJsdomWalk(element) === control,
  );
}
