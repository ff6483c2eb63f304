import { useMemo } from 'react';
import { sanitizeCmsHtml } from '../../content/sanitize';
import styles from './cms-body.module.css';

/** A CMS body rendered through the sanitiser (never raw): the only place CMS HTML reaches the DOM. */
export function CmsBody({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeCmsHtml(html), [html]);
  return (
    <div
      className={styles.body}
      style={{ fontSize: 15, lineHeight: 1.9 }}
      data-testid="cms-body"
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
