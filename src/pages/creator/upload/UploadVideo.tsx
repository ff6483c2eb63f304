import { CreatorUploadPage } from './CreatorUploadPage';

/** /creator/upload — video material (lumen:enums/material-type 1). */
export default function UploadVideo() {
  return <CreatorUploadPage workType={1} title="上传视频" />;
}
