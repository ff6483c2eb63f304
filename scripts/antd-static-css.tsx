/**
 * Writes the antd styles of the public pages' first render as a static CSS file (the path given as
 * its argument), so the browser's first load does not compute them at run time. antd 5 computes each component's CSS
 * in the browser (CSS-in-JS: style objects, serialised, inserted one <style> at a time), about a
 * quarter of the home page's main-thread time before its first images were requested. With the file
 * loaded, @ant-design/cssinjs finds each style's path in the file's cache-path map and skips it
 * (its documented whole-export path); a component not rendered here still gets its styles at run time.
 *
 * Run by the build (plugin lumen-antd-static-css in vite.config.ts, which emits the file as
 * assets/antd-first-*.css and links it from index.html) with NODE_ENV=production: class hashes differ
 * in development.
 * The theme must be the app's own (src/theme.ts): the map is keyed by the theme token's hash.
 */
import fs from 'node:fs';
import path from 'node:path';
import React from 'react';
import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import {
  Alert,
  App as AntdApp,
  Avatar,
  Badge,
  Button,
  Card,
  Col,
  ConfigProvider,
  Dropdown,
  Empty,
  Flex,
  Input,
  Layout,
  List,
  Menu,
  Pagination,
  Popover,
  Radio,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Spin,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { APP_THEME } from '../src/theme';

/** One of each antd component the shell and the public pages (home, search, detail, albums) render first. */
function Gallery() {
  return (
    <AntdApp>
      <Layout>
        <Layout.Header>
          <Menu mode="horizontal" items={[{ key: 'a', label: 'a' }]} />
        </Layout.Header>
        <Layout.Content>
          <Row gutter={16}>
            <Col xs={24} md={6}>
              x
            </Col>
          </Row>
          <Flex gap={8}>
            <Space>x</Space>
          </Flex>
          <Button type="primary">x</Button>
          <Button type="link">x</Button>
          <Button type="text">x</Button>
          <Button>x</Button>
          <Input placeholder="x" />
          <Input.Search enterButton="x" />
          <Select options={[{ value: 1, label: 'x' }]} />
          <Radio.Group optionType="button" options={[{ value: 1, label: 'x' }]} value={1} />
          <Tabs items={[{ key: 'a', label: 'a', children: 'x' }]} />
          <Card hoverable size="small" cover={<div />}>
            <Card.Meta title="x" description="x" />
          </Card>
          <Tag color="blue" bordered={false}>
            x
          </Tag>
          <Tag>x</Tag>
          <Typography.Title level={4}>x</Typography.Title>
          <Typography.Text strong>x</Typography.Text>
          <Typography.Paragraph>x</Typography.Paragraph>
          <Skeleton active />
          <Spin />
          <Empty />
          <Pagination total={50} />
          <Alert message="x" />
          <Avatar>x</Avatar>
          <Badge count={1}>x</Badge>
          <List dataSource={[1]} renderItem={() => <List.Item>x</List.Item>} />
          <Dropdown menu={{ items: [] }}>
            <span>x</span>
          </Dropdown>
          <Popover content="x">
            <span>x</span>
          </Popover>
          <Result status="404" />
        </Layout.Content>
        <Layout.Footer>x</Layout.Footer>
      </Layout>
    </AntdApp>
  );
}

if (!process.argv[2]) throw new Error('usage: node --import tsx scripts/antd-static-css.tsx OUT.css');
const out = path.resolve(process.argv[2]);
const cache = createCache();
renderToString(
  <StyleProvider cache={cache}>
    <ConfigProvider locale={zhCN} theme={APP_THEME}>
      <Gallery />
    </ConfigProvider>
  </StyleProvider>,
);
const css = extractStyle(cache, { plain: true });
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, css);
console.log(`antd first-render styles: ${out} (${(css.length / 1024).toFixed(1)} kB)`);
