import { Alert, Descriptions, Empty, Space, Tag, Timeline, Typography } from 'antd';
import { lookupOf, statusColor, tableLabel } from '../../schemas/registry';
import aiGeneratedTable from '../../schemas/enums/ai-generated.json';
import aiSourceTable from '../../schemas/enums/ai-source.json';
import validationTable from '../../schemas/status/provenance-validation.json';
import { c2paActionLabel, digitalSourceTypeLabel, isAiSourceType, type Provenance } from '../../schemas/provenance';
import { AiTag } from './AiTag';

// The tables themselves, not the registry: the detail page is kept off the full schema index.
const validationLookup = lookupOf(validationTable);

export interface ProvenanceSummaryProps {
  provenance: Provenance | null;
  aiGenerated: boolean;
  aiSource: string | null;
  /** Staff only: the creator's answer (null: not declared) and whether the manifest contradicts it. */
  review?: { aiDeclared: boolean | null; aiConflict: boolean };
}

/**
 * What a work's original says about itself in its Content Credentials (C2PA): who signed it, with
 * which software, the capture device, the actions in order and whether AI generated it; and the
 * 「AI生成」 label with its basis. One component for the staff review page and the detail page.
 */
export function ProvenanceSummary({ provenance: p, aiGenerated, aiSource, review }: ProvenanceSummaryProps) {
  const conflict = review?.aiConflict && (
    <Alert
      type="warning"
      showIcon
      data-testid="ai-conflict"
      message="内容凭证记载为AI生成，创作者声明不是AI生成"
      description="作品已按内容凭证标为AI生成；请核实后再决定。"
    />
  );
  const declared =
    review &&
    (review.aiDeclared === null ? (
      <Typography.Text type="secondary">未声明</Typography.Text>
    ) : review.aiDeclared ? (
      '是'
    ) : (
      '否'
    ));
  const label = (
    <Space size={4} wrap>
      {aiGenerated ? <AiTag /> : tableLabel(aiGeneratedTable, 'no')}
      {aiSource && <Typography.Text type="secondary">（{tableLabel(aiSourceTable, aiSource)}）</Typography.Text>}
    </Space>
  );
  if (!p)
    return (
      <Space direction="vertical" style={{ width: '100%' }} data-testid="provenance">
        {conflict}
        <Descriptions size="small" column={1}>
          <Descriptions.Item label="AI生成标识">{label}</Descriptions.Item>
          {review && <Descriptions.Item label={tableLabel(aiSourceTable, 'declared')}>{declared}</Descriptions.Item>}
        </Descriptions>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="原文件没有内容凭证（C2PA）" />
      </Space>
    );
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="provenance">
      {conflict}
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="AI生成标识">{label}</Descriptions.Item>
        {review && <Descriptions.Item label={tableLabel(aiSourceTable, 'declared')}>{declared}</Descriptions.Item>}
        <Descriptions.Item label="凭证校验">
          <Tag
            color={statusColor(validationTable.$id, p.validation, validationLookup)}
            data-testid="provenance-validation"
          >
            {tableLabel(validationTable, p.validation)}
          </Tag>
          {p.failures.length > 0 && <Typography.Text type="secondary">{p.failures.join('、')}</Typography.Text>}
        </Descriptions.Item>
        <Descriptions.Item label="签名者">{p.signer ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="生成清单的软件">{p.claimGenerator ?? '-'}</Descriptions.Item>
        {p.captureDevice && <Descriptions.Item label="拍摄设备">{p.captureDevice}</Descriptions.Item>}
        {p.digitalSourceType && (
          <Descriptions.Item label="数字来源类型">{digitalSourceTypeLabel(p.digitalSourceType)}</Descriptions.Item>
        )}
      </Descriptions>
      {p.actions.length > 0 && (
        <>
          <Typography.Text strong>操作记录</Typography.Text>
          <Timeline
            data-testid="provenance-actions"
            items={p.actions.map((a, i) => ({
              key: i,
              color: isAiSourceType(a.digitalSourceType) ? 'purple' : 'blue',
              children: (
                <Space direction="vertical" size={0}>
                  <Space size={4} wrap>
                    <Typography.Text>{c2paActionLabel(a.action)}</Typography.Text>
                    {isAiSourceType(a.digitalSourceType) && <AiTag bordered={false} />}
                  </Space>
                  {(a.softwareAgent || a.digitalSourceType) && (
                    <Typography.Text type="secondary">
                      {[a.softwareAgent, a.digitalSourceType && digitalSourceTypeLabel(a.digitalSourceType)]
                        .filter(Boolean)
                        .join(' · ')}
                    </Typography.Text>
                  )}
                  {a.description && <Typography.Text type="secondary">{a.description}</Typography.Text>}
                </Space>
              ),
            }))}
          />
        </>
      )}
    </Space>
  );
}
