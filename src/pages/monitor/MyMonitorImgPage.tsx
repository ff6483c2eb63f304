import { HitList } from './HitList';

/** /cyprotect/mymonitorimg: image hits of my monitoring plan. */
export default function MyMonitorImgPage() {
  return <HitList kind="image" />;
}
