import { afterEach, describe, expect, test } from 'vitest';
import { controlByJsdomWalk, labelsByJsdomWalk } from '../setup/jsdom-label-control';

/** The test DOM's faster label lookup (tests/setup/jsdom-label-control.ts) answers as jsdom's own walk does. */
describe('a label’s control in the test DOM', () => {
  afterEach(() => document.body.replaceChildren());

  function everyLabelAgrees() {
    const labels = [...document.querySelectorAll('label')];
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expect(label.control).toBe(controlByJsdomWalk(label));
  }

  test('for= finds the first element with that id in tree order, and only a labelable one', () => {
    document.body.innerHTML = `
      <label for="postcode">Postal code</label><input id="postcode">
      <label for="twice">Twice</label><div><input id="twice" name="first"></div><input id="twice" name="second">
      <label for="heading">Not labelable</label><h2 id="heading">Heading</h2>
      <label for="hidden">Hidden input</label><input type="hidden" id="hidden">
      <label for="">Empty</label>
      <label for="missing">Missing</label>
      <label>Wrapped <input name="inside"></label>`;
    everyLabelAgrees();
    expect((document.querySelector('label[for="twice"]') as HTMLLabelElement).control).toHaveProperty('name', 'first');
    expect((document.querySelector('label[for="heading"]') as HTMLLabelElement).control).toBeNull();
    expect(screenNames()).toEqual(['Postal code', 'Twice', 'Wrapped']);
  });

  test('an id that moves, a second element inserted before the first, and a label outside the document', () => {
    document.body.innerHTML = '<label for="city">City</label><input id="other" name="a">';
    const label = document.querySelector('label') as HTMLLabelElement;
    expect(label.control).toBeNull();
    (document.querySelector('input') as HTMLInputElement).id = 'city';
    expect(label.control).toHaveProperty('name', 'a');
    const earlier = document.createElement('input');
    earlier.id = 'city';
    earlier.name = 'b';
    document.body.prepend(earlier);
    expect(label.control).toHaveProperty('name', 'b');
    everyLabelAgrees();

    const detached = document.createElement('div');
    detached.innerHTML = '<label for="street">Street</label><input id="street" name="c">';
    const detachedLabel = detached.querySelector('label') as HTMLLabelElement;
    expect(detachedLabel.control).toHaveProperty('name', 'c');
    expect(detachedLabel.control).toBe(controlByJsdomWalk(detachedLabel));
  });
});

describe('a control’s labels in the test DOM', () => {
  afterEach(() => document.body.replaceChildren());

  function everyControlAgrees() {
    const controls = [
      ...document.querySelectorAll<HTMLInputElement>('input, select, textarea, button, output, meter, progress'),
    ];
    expect(controls.length).toBeGreaterThan(0);
    for (const control of controls) {
      const labels = control.labels ? [...control.labels] : null;
      if (control.type === 'hidden') expect(labels).toBeNull();
      else expect(labels).toEqual(labelsByJsdomWalk(control));
    }
  }

  test('labels by for= and by nesting, in tree order, for every kind of labelable control', () => {
    document.body.innerHTML = `
      <label for="vin">VIN</label><input id="vin">
      <label>Also the VIN <span><input name="nested"></span></label><label for="vin">VIN again</label>
      <label for="kind">Kind</label><select id="kind"></select>
      <label>Note <textarea></textarea></label>
      <label for="send">Send</label><button id="send">Send</button>
      <label>Sum <output></output></label><label>Level <meter></meter></label><label>Done <progress></progress></label>
      <label for="secret">Hidden</label><input type="hidden" id="secret">`;
    everyControlAgrees();
    const vin = document.getElementById('vin') as HTMLInputElement;
    expect([...(vin.labels ?? [])].map((label) => label.textContent)).toEqual(['VIN', 'VIN again']);
  });

  test('a live list: labels added, removed, re-pointed, and a control outside the document', () => {
    document.body.innerHTML = '<input id="city"><label for="town">Town</label>';
    const city = document.getElementById('city') as HTMLInputElement;
    const labels = city.labels as NodeListOf<HTMLLabelElement>;
    expect(labels).toHaveLength(0);
    (document.querySelector('label') as HTMLLabelElement).htmlFor = 'city';
    expect(labels).toHaveLength(1);
    const wrapper = document.createElement('label');
    wrapper.textContent = 'Place';
    document.body.prepend(wrapper);
    wrapper.append(city);
    expect([...labels].map((label) => label.textContent)).toEqual(['Place', 'Town']);
    everyControlAgrees();
    document.querySelector('label[for="city"]')?.remove();
    expect([...labels].map((label) => label.textContent)).toEqual(['Place']);
    everyControlAgrees();

    const detached = document.createElement('label');
    detached.innerHTML = 'Street <input name="street">';
    const street = detached.querySelector('input') as HTMLInputElement;
    expect([...(street.labels ?? [])]).toEqual([detached]);
    expect([...(street.labels ?? [])]).toEqual(labelsByJsdomWalk(street));
  });
});

/** The inputs' label texts as jsdom's `labels` (what Testing Library reads) gives them. */
function screenNames() {
  return [...document.querySelectorAll('input:not([type="hidden"])')]
    .map((input) => (input as HTMLInputElement).labels?.[0]?.textContent?.trim())
    .filter((name): name is string => Boolean(name))
    .filter((name, index, names) => names.indexOf(name) === index);
}
