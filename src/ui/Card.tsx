import type { HTMLAttributes } from 'react';
import * as styles from './controls.css';

export function Card({ className, ...rest }: HTMLAttributes<HTMLElement>) {
  return <section {...rest} className={[styles.card, className ?? ''].join(' ').trim()} />;
}
