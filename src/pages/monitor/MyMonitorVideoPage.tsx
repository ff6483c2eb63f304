import { HitList } from './HitList';

/** /cyprotect/mymonitorvideo: video hits of my monitoring plan, with the matching time range. */
export default function MyMonitorVideoPage() {
  return <HitList kind="video" />;
}
