import { works } from '../../resources';
import { ResourcePage } from '../../resources/views/ResourcePage';
import { WorkReviewPanel } from './works/WorkReviewPanel';
import { WorkMediaCell } from './works/WorkMediaCell';

// After the generated columns: the work's processing (progress, failure and 重试, keyframe scrub).
const mediaColumn = [
  {
    key: 'media',
    title: '预览处理',
    width: 170,
    render: (_: unknown, row: { id?: string | number }) => <WorkMediaCell workId={Number(row.id)} />,
  },
];

/** /creator/works — the creator's works (generated views) with processing state, review state and timeline. */
export default function CreatorWorksPage() {
  return (
    <ResourcePage def={works} listColumns={mediaColumn} showFooter={(record) => <WorkReviewPanel work={record} />} />
  );
}
