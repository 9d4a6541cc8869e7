import { useId, type ReactNode } from 'react';
import styles from './AccountSettings.module.css';

/** One card per task: a heading, an optional line about it, then its form. */
export function Section({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      {intro && <p className={styles.intro}>{intro}</p>}
      {children}
    </section>
  );
}
