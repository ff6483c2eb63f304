import { Col, Layout, Row, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { FOOTER_GROUPS } from './nav-items';

/** Site footer: link groups and the copyright line. */
export function MainFooter() {
  return (
    <Layout.Footer style={{ background: '#001529', color: 'rgba(255,255,255,0.75)' }}>
      <Row gutter={[32, 16]} style={{ maxWidth: 1200, margin: '0 auto' }}>
        {FOOTER_GROUPS.map((g) => (
          <Col key={g.title} xs={12} md={6}>
            <Typography.Text strong style={{ color: '#fff' }}>
              {g.title}
            </Typography.Text>
            {g.links.map((l) => (
              <div key={l.to} style={{ marginTop: 8 }}>
                <Link to={l.to} style={{ color: 'rgba(255,255,255,0.75)' }}>
                  {l.label}
                </Link>
              </div>
            ))}
          </Col>
        ))}
        <Col xs={24} md={6}>
          <Typography.Text style={{ color: 'rgba(255,255,255,0.75)' }}>
            流明素材 · 正版素材与版权保护服务
          </Typography.Text>
        </Col>
      </Row>
      <div style={{ textAlign: 'center', marginTop: 24 }}>© {new Date().getFullYear()} 流明素材 Lumen</div>
    </Layout.Footer>
  );
}
