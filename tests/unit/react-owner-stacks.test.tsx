import { render } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { ownerStacksWanted } from '../setup/react-owner-stacks';

type DevelopmentElement = { _debugStack?: unknown };

/** The test DOM holds React's owner-stack counter at React's own limit (tests/setup/react-owner-stacks.ts). */
describe.skipIf(ownerStacksWanted)('React’s owner stacks in the test DOM', () => {
  test('elements share React’s “unknown owner” stack instead of recording one each', () => {
    const first = (<p>first</p>) as unknown as DevelopmentElement;
    const second = (<span>second</span>) as unknown as DevelopmentElement;
    // React in development sets _debugStack on every element; a fresh Error each when it records.
    expect(first._debugStack).toBeInstanceOf(Error);
    expect(second._debugStack).toBe(first._debugStack);
  });

  test('React still warns, and the warning still reaches console.error', () => {
    const consoleError = vi.mocked(console.error);
    const failTheTest = consoleError.getMockImplementation();
    // Put back below; without it the rest of the file would run with console.error silenced.
    if (!failTheTest) throw new Error('tests/setup/dom.ts no longer fails a test on console.error');
    const warnings: string[] = [];
    consoleError.mockImplementation((...args: unknown[]) => {
      warnings.push(args.map(String).join(' '));
    });
    try {
      const items = ['a', 'b'];
      render(
        <ul>
          {items.map((item) => (
            <li>{item}</li>
          ))}
        </ul>,
      );
    } finally {
      consoleError.mockImplementation(failTheTest);
    }
    expect(warnings.join('\n')).toMatch(/unique "key" prop/);
  });
});
