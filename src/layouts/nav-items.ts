/** Main navigation and footer links (data, so header and footer stay small). */
import { TYPE_LABELS } from '../components/material/format';

export const NAV_LINKS = [
  { to: '/', label: '首页' },
  // One album link per material type, labelled and ordered by lumen:enums/material-type.
  ...Object.entries(TYPE_LABELS).map(([type, label]) => ({ to: `/ablum/${type}`, label })),
  { to: '/copyright', label: '版权服务' },
  { to: '/community', label: '创作社区' },
  { to: '/signCreator', label: '成为创作者' },
];

export const FOOTER_GROUPS = [
  {
    title: '素材',
    links: [
      { to: '/ablum/1', label: '视频素材' },
      { to: '/ablum/2', label: '模板素材' },
      { to: '/ablum/11', label: '图片素材' },
      { to: '/search', label: '素材搜索' },
      { to: '/community', label: '创作社区' },
      { to: '/community/demands', label: '需求大厅' },
    ],
  },
  {
    title: '版权服务',
    links: [
      { to: '/copyrightDeposit', label: '版权存证' },
      { to: '/copyrightCheckin', label: '版权登记' },
      { to: '/copyrightMonitor', label: '版权监测' },
      { to: '/certifiy', label: '证书查验' },
    ],
  },
  {
    title: '关于我们',
    links: [
      { to: '/article/8', label: '服务协议' },
      { to: '/article/13', label: '隐私条款' },
      { to: '/cooperation', label: '商务合作' },
      { to: '/signCreator', label: '成为创作者' },
    ],
  },
];
