import { createRequire } from 'node:module';

/**
 * jsdom finds a label's control (`<label for="x">`) by walking the whole document for the id, and
 * an input's `labels` asks that of every label in the document. Testing Library computes the
 * accessible name of every candidate (`getByRole(…, { name })`, `getByLabelText`), so one query
 * on a form with many labels walked the document thousands of times: two thirds of the model
 * tests' time (issue 23 §5, measured with --cpu-prof). This looks the id up in jsdom's own
 * id index, which answers the first element in tree order as the walk does; everything else (no
 * `for`, an empty one, a label outside the document) keeps jsdom's own code.
 * tests/unit/jsdom-label-control.test.ts holds it to jsdom's answers.
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
