import { Card } from 'antd';

export interface LicenceMaterial {
  id: number;
  type: number;
  title: string;
  priceCents: number;
}

/** Licence scenario/level picker with price, add to cart and buy now. (Owned by the trade work.) */
export default function LicencePicker({ material }: { material: LicenceMaterial }) {
  return <Card title="选择授权">{material.title}</Card>;
}
