import type { ReactNode } from 'react';
import { Col, Empty, Row } from 'antd';
import type { MaterialCardData } from './api';
import { MaterialCard } from './MaterialCard';

/**
 * Responsive grid of material cards; an empty list shows `empty` (antd Empty by default).
 * `eagerCount`: how many covers load at once, not lazily (the grid's first screen).
 */
export function MaterialGrid({
  items,
  empty,
  eagerCount = 0,
}: {
  items: MaterialCardData[];
  empty?: ReactNode;
  eagerCount?: number;
}) {
  if (!items.length) return <>{empty ?? <Empty description="暂无素材" />}</>;
  return (
    <Row gutter={[16, 16]}>
      {items.map((m, i) => (
        <Col key={m.id} xs={12} sm={12} md={8} lg={6} xl={6}>
          <MaterialCard item={m} eager={i < eagerCount} />
        </Col>
      ))}
    </Row>
  );
}
