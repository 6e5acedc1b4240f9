import { IconCheck, IconSparkles } from '@tabler/icons-react';
import classes from './draft-illustration.module.css';

/** A decorative "draft being written" card for the landing hero; it carries no information. */
export function DraftIllustration() {
  return (
    <div className={classes.stage}>
      <div className={classes.sheet}>
        <div className={classes.sheetHeader}>
          <span className={classes.dot} />
          <span className={classes.line} style={{ width: '42%' }} />
        </div>
        {[88, 72, 94, 60, 80, 52].map((width) => (
          <span key={width} className={classes.line} style={{ width: `${width}%` }} />
        ))}
        <div className={classes.table}>
          {[0, 1, 2, 3, 4, 5].map((cell) => (
            <span key={cell} className={classes.cell} />
          ))}
        </div>
      </div>
      <div className={classes.chip} data-position="top">
        <IconSparkles size={18} />
        <span className={classes.chipLine} />
      </div>
      <div className={classes.chip} data-position="bottom">
        <IconCheck size={18} />
        <span className={classes.chipLine} />
      </div>
    </div>
  );
}
