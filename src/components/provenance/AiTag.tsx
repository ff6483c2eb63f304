import { Tag } from 'antd';
import { lookupOf, statusColor, tableLabel } from '../../schemas/registry';
import aiGenerated from '../../schemas/enums/ai-generated.json';

// The table itself, not the registry: cards render on pages kept off the full schema index.
const lookup = lookupOf(aiGenerated);

/**
 * The 「AI生成」 label of a work (lumen:enums/ai-generated): its text and colour from the table.
 * antd's purple tag (#531dab on #f9f0ff) reads at 9:1, above WCAG AA's 4.5:1.
 */
export function AiTag({ bordered = true }: { bordered?: boolean }) {
  return (
    <Tag color={statusColor(aiGenerated.$id, 'yes', lookup)} bordered={bordered} data-testid="ai-tag">
      {tableLabel(aiGenerated, 'yes')}
    </Tag>
  );
}
