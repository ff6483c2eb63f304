/** A video hit's matching span as people read it: "原片 0:03–0:08（镜像）". */
export interface HitTimeRange {
  original: [number, number];
  candidate: [number, number];
  mirrored: boolean;
}

const sec = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

export const timeRangeText = (r: HitTimeRange) =>
  `原片 ${sec(r.original[0])}–${sec(r.original[1])}${r.mirrored ? '（镜像）' : ''}`;
