import * as RadixAccordion from '@radix-ui/react-accordion';
import type { ReactNode } from 'react';
import * as styles from './overlay.css';

export type AccordionItem = { id: string; title: ReactNode; content: ReactNode };

/** docs/product.md §2/§9: one panel open at a time, the first open by default; keyboard accessible (Radix). */
export function Accordion({ items, headingLevel = 3 }: { items: readonly AccordionItem[]; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <RadixAccordion.Root type="single" collapsible defaultValue={items[0]?.id}>
      {items.map((item) => (
        <RadixAccordion.Item key={item.id} value={item.id} className={styles.accordionItem}>
          <RadixAccordion.Header asChild>
            <Heading style={{ margin: 0, fontSize: 'inherit' }}>
              <RadixAccordion.Trigger className={styles.accordionTrigger}>
                {item.title}
                <span aria-hidden="true" className={styles.accordionIcon}>
                  +
                </span>
              </RadixAccordion.Trigger>
            </Heading>
          </RadixAccordion.Header>
          <RadixAccordion.Content className={styles.accordionContent}>{item.content}</RadixAccordion.Content>
        </RadixAccordion.Item>
      ))}
    </RadixAccordion.Root>
  );
}
