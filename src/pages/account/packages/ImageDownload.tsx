import { imageDownloads } from '../../../resources';
import { resourcePage } from '../../../resources/views/ResourcePage';

/** /account/imageDownload — images downloaded under a package (downloading one again is free). */
export default resourcePage(imageDownloads);
