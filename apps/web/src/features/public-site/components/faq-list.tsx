import { IconChevronDown } from '@tabler/icons-react';
import classes from './faq-list.module.css';

export interface FaqEntry {
  id: string;
  question: string;
  answer: string;
}

/**
 * Native disclosure widgets: keyboard and screen-reader support come from the browser, no script
 * is needed, and find-in-page still reaches the answers.
 */
export function FaqList({ entries }: { entries: readonly FaqEntry[] }) {
  return (
    <div className={classes.list}>
      {entries.map((entry) => (
        <details key={entry.id} className={classes.item}>
          <summary className={classes.question}>
            <span>{entry.question}</span>
            <IconChevronDown size={20} aria-hidden className={classes.chevron} />
          </summary>
          <p className={classes.answer}>{entry.answer}</p>
        </details>
      ))}
    </div>
  );
}
