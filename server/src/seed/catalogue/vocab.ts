/**
 * Vocabulary the demo catalogue (and bench/search) compose Chinese titles, tags and descriptions
 * from. Subjects carry related tags so that a query such as '熊猫' hits some items by title and
 * others only by tag (竹林, 成都) or only by description (动物园).
 */
export interface Subject {
  word: string;
  /** Category name (per material type) the subject belongs to. */
  category: { 1: string; 2: string; 11: string };
  /** Extra tags: they make tag-only hits for other subjects' words. */
  related: string[];
  /** Sentence appended to descriptions. */
  desc: string;
  /** A title written for the subject's picture (the demo photos): the first work of the subject gets it. */
  title?: string;
  /** A Latin tag (else LATIN_TAGS of the word). */
  latin?: string;
}

export const CATEGORIES: Record<1 | 2 | 11, string[]> = {
  1: ['自然风光', '城市建筑', '动物萌宠', '节日庆典', '科技商务', '美食生活', '航拍视角'],
  2: ['片头片尾', '企业宣传', '节日祝福', '电商促销', '婚礼相册'],
  11: ['风景摄影', '人文纪实', '插画设计', '背景纹理', '美食摄影', '节日海报'],
};

const c = (v: string, t: string, i: string) => ({ 1: v, 2: t, 11: i });

export const SUBJECTS: Subject[] = [
  {
    word: '熊猫',
    category: c('动物萌宠', '片头片尾', '人文纪实'),
    related: ['国宝', '四川', '萌宠'],
    desc: '憨态可掬的大熊猫在竹林中进食玩耍。',
  },
  {
    word: '竹林',
    category: c('自然风光', '节日祝福', '风景摄影'),
    related: ['熊猫', '绿色', '清新'],
    desc: '风吹竹叶沙沙作响，光影斑驳。',
  },
  {
    word: '成都',
    category: c('城市建筑', '企业宣传', '人文纪实'),
    related: ['熊猫', '城市', '四川'],
    desc: '宽窄巷子与太古里的烟火气。',
  },
  {
    word: '动物园',
    category: c('动物萌宠', '片头片尾', '人文纪实'),
    related: ['动物', '亲子'],
    desc: '游客在熊猫馆前排队观看，孩子们兴奋地指着。',
  },
  {
    word: '城市夜景',
    category: c('城市建筑', '企业宣传', '风景摄影'),
    related: ['霓虹', '车流', '城市'],
    desc: '高楼灯火与川流不息的车灯光轨。',
  },
  {
    word: '航拍',
    category: c('航拍视角', '企业宣传', '风景摄影'),
    related: ['无人机', '俯瞰', '大气'],
    desc: '无人机高空俯瞰，视野开阔大气磅礴。',
  },
  {
    word: '山川',
    category: c('自然风光', '片头片尾', '风景摄影'),
    related: ['自然', '云海', '航拍'],
    desc: '群山连绵，云雾缭绕。',
  },
  {
    word: '海浪',
    category: c('自然风光', '节日祝福', '风景摄影'),
    related: ['大海', '沙滩', '夏天'],
    desc: '蔚蓝海浪拍打礁石，浪花飞溅。',
  },
  {
    word: '春节',
    category: c('节日庆典', '节日祝福', '节日海报'),
    related: ['新年', '红色', '灯笼', '喜庆'],
    desc: '张灯结彩，阖家团圆过大年。',
  },
  {
    word: '科技',
    category: c('科技商务', '片头片尾', '背景纹理'),
    related: ['数据', '未来', '蓝色'],
    desc: '数据流动的粒子线条，未来感十足。',
  },
  {
    word: '商务',
    category: c('科技商务', '企业宣传', '人文纪实'),
    related: ['办公', '会议', '团队'],
    desc: '团队在明亮的办公室里讨论方案。',
  },
  {
    word: '美食',
    category: c('美食生活', '电商促销', '美食摄影'),
    related: ['餐饮', '烹饪', '诱人'],
    desc: '热气腾腾的家常菜，色香味俱全。',
  },
  {
    word: '星空',
    category: c('自然风光', '片头片尾', '风景摄影'),
    related: ['银河', '夜晚', '延时'],
    desc: '璀璨银河划过夜空，星轨缓缓旋转。',
  },
  {
    word: '樱花',
    category: c('自然风光', '婚礼相册', '风景摄影'),
    related: ['春天', '粉色', '浪漫'],
    desc: '樱花随风飘落，满树粉白。',
  },
  {
    word: '雪山',
    category: c('自然风光', '片头片尾', '风景摄影'),
    related: ['冬天', '雪景', '山川'],
    desc: '日照金山，雪峰巍峨。',
  },
  {
    word: '古镇',
    category: c('城市建筑', '节日祝福', '人文纪实'),
    related: ['江南', '小桥流水', '传统'],
    desc: '青石板路与白墙黛瓦的江南水乡。',
  },
  {
    word: '长城',
    category: c('城市建筑', '企业宣传', '风景摄影'),
    related: ['北京', '历史', '航拍'],
    desc: '蜿蜒的长城在秋色中绵延万里。',
  },
  {
    word: '茶园',
    category: c('美食生活', '电商促销', '风景摄影'),
    related: ['绿茶', '采茶', '春天'],
    desc: '层层叠叠的梯田茶园，采茶人穿梭其间。',
  },
  {
    word: '婚礼',
    category: c('节日庆典', '婚礼相册', '人文纪实'),
    related: ['浪漫', '爱情', '仪式'],
    desc: '新人在亲友祝福中交换戒指。',
  },
  {
    word: '咖啡',
    category: c('美食生活', '电商促销', '美食摄影'),
    related: ['拿铁', '下午茶', '饮品'],
    desc: '咖啡师手冲咖啡，拉花细腻。',
  },
  {
    word: '地铁',
    category: c('城市建筑', '企业宣传', '人文纪实'),
    related: ['通勤', '城市', '交通'],
    desc: '早高峰的地铁站人潮涌动。',
  },
  {
    word: '中秋',
    category: c('节日庆典', '节日祝福', '节日海报'),
    related: ['月饼', '团圆', '月亮'],
    desc: '一轮明月，家人共赏团圆夜。',
  },
  {
    word: '数据中心',
    category: c('科技商务', '企业宣传', '背景纹理'),
    related: ['科技', '服务器', '云计算'],
    desc: '机房服务器指示灯闪烁，数据高速运转。',
  },
  {
    word: '购物节',
    category: c('节日庆典', '电商促销', '节日海报'),
    related: ['电商', '促销', '双十一'],
    desc: '限时折扣，爆款直降。',
  },
];

/** Title patterns per material type; {s} is the subject word, {a} a style word. */
export const TITLE_PATTERNS: Record<1 | 2 | 11, string[]> = {
  1: ['{a}{s}实拍视频', '{s}{a}空镜素材', '{a}{s}延时摄影', '{s}慢动作特写', '{s}{a}镜头合集', '高清{s}航拍画面'],
  2: ['{s}主题{a}AE模板', '{a}{s}片头模板', '{s}宣传片PR模板', '{s}快闪视频模板'],
  11: ['{a}{s}摄影图', '{s}{a}高清壁纸', '{s}主题插画', '{a}{s}背景素材'],
};

export const STYLES = ['唯美', '大气', '清新', '震撼', '温馨', '复古', '梦幻', '简约', '时尚', '治愈'];

/** Latin words sprinkled into tags so mixed Chinese/English queries have something to find. */
export const LATIN_TAGS: Record<string, string> = {
  熊猫: 'panda',
  航拍: 'drone',
  科技: 'tech',
  星空: 'galaxy',
  美食: 'food',
  城市夜景: 'night',
  咖啡: 'coffee',
};
