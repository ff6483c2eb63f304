import { works } from '../../resources';
import { ResourcePage } from '../../resources/views/ResourcePage';
import { WorkReviewPanel } from './works/WorkReviewPanel';

/** /creator/works — the creator's works (generated views) with each work's review state and timeline. */
export default function CreatorWorksPage() {
  return <ResourcePage def={works} showFooter={(record) => <WorkReviewPanel work={record} />} />;
}
