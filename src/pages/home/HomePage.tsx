import { Link, useNavigate } from 'react-router-dom';
import { useState } from 'react';
import { Radio, Space, Tag } from 'antd';
import { catalogueApi } from '../../components/material/api';
import { MaterialGrid } from '../../components/material/MaterialGrid';
import { RemoteState } from '../../components/material/RemoteState';
import { SearchBox } from '../../components/material/SearchBox';
import { Section } from '../../components/material/Section';
import { BelowTheFold } from '../../components/material/BelowTheFold';
import { useRemote } from '../../components/material/useRemote';
import { CATALOGUE_TYPES, TYPE_LABELS, TYPE_TABS } from '../../components/material/format';
import styles from '../../components/material/material.module.css';

function HotKeywords() {
  const navigate = useNavigate();
  const hot = useRemote(() => catalogueApi.hotKeywords(8), []);
  if (!hot.data?.length) return null;
  return (
    <div className={styles.hot}>
      热门搜索：
      {hot.data.map((k) => (
        <Tag key={k} bordered={false} onClick={() => navigate(`/search?keyword=${encodeURIComponent(k)}`)}>
          {k}
        </Tag>
      ))}
    </div>
  );
}

function Curated() {
  const rec = useRemote(() => catalogueApi.recommend(4, 8), []);
  return (
    <RemoteState {...rec} rows={8} empty={(d) => !d.sections.length}>
      {(d) =>
        d.sections.map((s, i) => {
          const section = (
            <Section
              key={s.id}
              title={s.title}
              extra={<Link to={`/ablum/detail/${s.id}`}>查看专辑 ›</Link>}
              testId="curated-section"
            >
              {/* The first album's first row (four across at desktop widths) is on the first screen. */}
              <MaterialGrid items={s.items} eagerCount={i === 0 ? 4 : 0} />
            </Section>
          );
          // Only the first album reaches the first screen.
          return i === 0 ? section : <BelowTheFold key={s.id}>{section}</BelowTheFold>;
        })
      }
    </RemoteState>
  );
}

function Ranked({ order }: { order: 'newest' | 'popular' }) {
  const tabs = TYPE_TABS;
  const [type, setType] = useState('');
  // Buttons rather than Tabs: antd's Tabs measures every tab's position on mount (a forced reflow
  // per tab bar) on the page whose first paint counts most.
  return (
    <>
      <Radio.Group
        optionType="button"
        size="small"
        value={type}
        onChange={(e) => setType(e.target.value)}
        options={tabs.map((t) => ({ value: t.key, label: t.label }))}
        style={{ marginBottom: 12 }}
      />
      <RankedList order={order} type={type ? Number(type) : undefined} />
    </>
  );
}

function RankedList({ order, type }: { order: 'newest' | 'popular'; type?: number }) {
  const r = useRemote(() => catalogueApi[order](type, 8), [order, type]);
  return <RemoteState {...r}>{(items) => <MaterialGrid items={items} />}</RemoteState>;
}

function Categories() {
  const cats = useRemote(() => catalogueApi.categories(), []);
  return (
    <RemoteState {...cats} rows={2} empty={(d) => !d.length}>
      {(list) =>
        CATALOGUE_TYPES.map((type) => (
          <div key={type} style={{ marginBottom: 8 }}>
            <Space wrap>
              <strong>{TYPE_LABELS[type]}：</strong>
              {list
                // A category with nothing in it yet leads to an empty page: not offered on the home page.
                .filter((c) => c.type === type && c.count > 0)
                .map((c) => (
                  <Link key={c.id} to={`/material/${c.id}`}>
                    <Tag>
                      {c.name}（{c.count}）
                    </Tag>
                  </Link>
                ))}
              <Link to={`/ablum/${type}`}>{TYPE_LABELS[type]}专辑 ›</Link>
            </Space>
          </div>
        ))
      }
    </RemoteState>
  );
}

/** Home: search banner, categories, curated albums, newest and popular materials. */
export default function HomePage() {
  return (
    <div data-testid="home-page">
      <div className={styles.banner}>
        <h1>流明素材 · 正版视频图片模板</h1>
        <div>百万级正版授权素材，区块链版权存证，放心商用</div>
        <div className={styles.searchBox}>
          <SearchBox />
        </div>
        <HotKeywords />
      </div>
      <Section title="素材分类">
        <Categories />
      </Section>
      <Curated />
      <BelowTheFold>
        <Section title="最新上传" testId="newest-section">
          <Ranked order="newest" />
        </Section>
        <Section title="热门下载" testId="popular-section">
          <Ranked order="popular" />
        </Section>
      </BelowTheFold>
    </div>
  );
}
