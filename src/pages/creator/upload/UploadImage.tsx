import { CreatorUploadPage } from './CreatorUploadPage';

/** /creator/upload/image — image material (lumen:enums/material-type 11). */
export default function UploadImage() {
  return <CreatorUploadPage workType={11} title="上传图片" />;
}
