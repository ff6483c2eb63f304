import { Typography } from 'antd';
import agreement from '../../schemas/content/creator-agreement.json';

export { agreement };

/** The contributor agreement (src/schemas/content/creator-agreement.json) as readable text. */
export function AgreementText() {
  return (
    <Typography data-testid="creator-agreement">
      <Typography.Title level={4} style={{ textAlign: 'center' }}>
        {agreement.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
        版本 {agreement.version} · 自 {agreement.effectiveDate} 起生效
      </Typography.Paragraph>
      <Typography.Paragraph>{agreement.intro}</Typography.Paragraph>
      {agreement.sections.map((s) => (
        <section key={s.heading}>
          <Typography.Title level={5}>{s.heading}</Typography.Title>
          {s.paragraphs.map((p, i) => (
            <Typography.Paragraph key={i}>{p}</Typography.Paragraph>
          ))}
        </section>
      ))}
    </Typography>
  );
}
