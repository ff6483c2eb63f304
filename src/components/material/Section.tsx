import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import styles from './material.module.css';

/** A titled block of a catalogue page with an optional link on the right. */
export function Section({
  title,
  extra,
  children,
  testId,
}: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className={styles.section} data-testid={testId}>
      <Flex justify="space-between" align="baseline">
        <Typography.Title level={4}>{title}</Typography.Title>
        {extra}
      </Flex>
      {children}
    </section>
  );
}
