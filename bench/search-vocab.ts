import { SUBJECTS } from '../server/src/seed/catalogue/vocab.js';
import { rng } from '../server/src/seed/catalogue/compose.js';
import type { SearchQuery } from '../server/src/search/index.js';

/** A larger subject vocabulary for the search benchmark, so term frequencies resemble a real catalogue. */
export const BENCH_SUBJECTS = [
  ...SUBJECTS.map((s) => s.word),
  '大熊猫',
  '萤火虫',
  '向日葵',
  '油菜花',
  '薰衣草',
  '梯田',
  '瀑布',
  '峡谷',
  '草原',
  '骏马',
  '牦牛',
  '雄鹰',
  '海鸥',
  '锦鲤',
  '荷花',
  '梅花',
  '银杏',
  '枫叶',
  '红叶',
  '雾凇',
  '冰川',
  '火山',
  '极光',
  '日出',
  '日落',
  '晚霞',
  '彩虹',
  '闪电',
  '暴雨',
  '雪花',
  '沙漠',
  '绿洲',
  '骆驼',
  '灯塔',
  '帆船',
  '码头',
  '渔村',
  '跨海大桥',
  '高铁',
  '飞机',
  '港口',
  '集装箱',
  '工厂',
  '流水线',
  '机器人',
  '芯片',
  '键盘',
  '手机',
  '笔记本电脑',
  '直播',
  '短视频',
  '健身',
  '瑜伽',
  '跑步',
  '篮球',
  '足球',
  '滑雪',
  '冲浪',
  '骑行',
  '露营',
  '烧烤',
  '火锅',
  '饺子',
  '包子',
  '面条',
  '寿司',
  '蛋糕',
  '水果',
  '草莓',
  '西瓜',
  '橙子',
  '葡萄酒',
  '啤酒',
  '奶茶',
  '书法',
  '国画',
  '京剧',
  '舞狮',
  '龙舟',
  '灯笼',
  '烟花',
  '红包',
  '对联',
  '庙会',
  '婚纱',
  '宝宝',
  '老人',
  '学生',
  '教室',
  '图书馆',
  '医生',
  '护士',
  '工程师',
  '农民',
  '快递',
  '外卖',
  '城市天际线',
  '摩天大楼',
  '立交桥',
  '老街',
  '胡同',
  '四合院',
  '园林',
  '寺庙',
  '佛塔',
  '古塔',
  '宫殿',
  '城墙',
  '石窟',
  '兵马俑',
  '大运河',
  '西湖',
];

/** Place prefixes for half of the titles. */
export const BENCH_PLACES = [
  '北京',
  '上海',
  '广州',
  '深圳',
  '杭州',
  '成都',
  '重庆',
  '西安',
  '南京',
  '苏州',
  '武汉',
  '长沙',
  '厦门',
  '青岛',
  '大理',
  '丽江',
  '桂林',
  '三亚',
  '拉萨',
  '敦煌',
  '黄山',
  '张家界',
  '九寨沟',
  '哈尔滨',
  '乌鲁木齐',
  '呼伦贝尔',
  '香格里拉',
  '婺源',
  '凤凰古城',
  '鼓浪屿',
];

/** A Zipf(1) sampler over `n` ranks: rank 0 is the most common. */
export function zipf(n: number, r: () => number): () => number {
  const cum: number[] = [];
  let sum = 0;
  for (let k = 0; k < n; k++) cum.push((sum += 1 / (k + 1)));
  return () => {
    const x = r() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

export interface StreamQuery {
  kind: string;
  q: SearchQuery;
}

const SORTS = ['newest', 'popular', 'price_asc'] as const;

/** A stream of `n` queries drawn as users would: common terms more often, with filters and later pages. */
export function queryStream(n: number, seed: number): StreamQuery[] {
  const r = rng(seed);
  const pick = zipf(BENCH_SUBJECTS.length, r);
  const out: StreamQuery[] = [];
  while (out.length < n) {
    const len = 1 + (out.length % 4);
    const word = BENCH_SUBJECTS[pick()];
    if (!/^[\u3400-\u9fff]+$/.test(word) || word.length < len) continue;
    const start = Math.floor(r() * (word.length - len + 1));
    const keyword = word.slice(start, start + len);
    const q: SearchQuery = { page: 1, pageSize: 20, keyword };
    const x = r();
    let kind = `${len} char${len > 1 ? 's' : ''}`;
    if (x < 0.15) {
      Object.assign(q, { type: 1, duration: 'VIDEO_SHORT' });
      kind += ' + video short';
    } else if (x < 0.3) {
      Object.assign(q, { type: 11, sort: SORTS[Math.floor(r() * SORTS.length)] });
      kind += ' + image + sort';
    } else if (x < 0.38) {
      Object.assign(q, { page: 2 + Math.floor(r() * 4) });
      kind += ', page 2-5';
    }
    out.push({ kind, q });
  }
  return out;
}
