import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Col, Input, Row, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { setSchemaOverride } from '../../schemas/registry';
import type { LumenSchema } from '../../schemas/types';
import { RequestError } from '../../dataProvider/axios';
import { fetchCurrent, fetchVersions, rollbackSchema, saveSchema, type SchemaVersion } from './admin-api';
import { SchemaPreview } from './SchemaPreview';
import { VersionHistory } from './VersionHistory';
import { LoadFailed } from '../../components/feedback/LoadFailed';

const pretty = (v: unknown) => JSON.stringify(v, null, 2);

/** Parses the editor text; the message is what staff see under the editor. */
function parse(text: string): { value: LumenSchema | null; error: string | null } {
  try {
    const v = JSON.parse(text);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return { value: null, error: '模式必须是一个 JSON 对象' };
    return { value: v, error: null };
  } catch (e) {
    return { value: null, error: `JSON 格式错误：${(e as Error).message}` };
  }
}

/** JSON editor with live preview, save with a note, and the version history of one schema. */
export function SchemaEditor({ id, onSaved }: { id: string; onSaved: () => void }) {
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [version, setVersion] = useState(0);
  const [note, setNote] = useState('');
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  // What the last save or rollback stored, kept on screen: a toast is gone after 3 s, and the page
  // reloads the schema and its history at the same moment, so staff could miss which version is live.
  const [stored, setStored] = useState<string | null>(null);
  const [versions, setVersions] = useState<SchemaVersion[] | null>(null);
  const [versionsLoading, setVersionsLoading] = useState(false);
  const parsed = useMemo(() => parse(text), [text]);

  async function load() {
    setLoading(true);
    setLoadError(null);
    setSaveError(null);
    try {
      const cur = await fetchCurrent(id);
      setText(pretty(cur.body));
      setVersion(cur.version);
      setSchemaOverride(id, cur.body);
    } catch (e) {
      setLoadError((e as Error).message);
    } finally {
      setLoading(false);
    }
    setVersionsLoading(true);
    fetchVersions(id)
      .then((r) => setVersions(r.list))
      .catch((e) => message.error((e as Error).message))
      .finally(() => setVersionsLoading(false));
  }

  useEffect(() => {
    setStored(null);
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload when the schema shown changes, not when load is re-created
  }, [id]);

  async function run(action: () => Promise<{ version: number; body: LumenSchema }>, done: string) {
    setSaving(true);
    setSaveError(null);
    setStored(null);
    try {
      const r = await action();
      setSchemaOverride(id, r.body);
      setStored(`${done}，当前为版本 ${r.version}`);
      setNote('');
      await load();
      onSaved();
    } catch (e) {
      const err = e as RequestError;
      setSaveError(err.message);
      if (err.code === 409) message.warning('规则已被他人修改，已保留你的编辑内容，请刷新对比后再保存');
    } finally {
      setSaving(false);
    }
  }

  if (loading && !text) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (loadError) return <LoadFailed error={loadError} retry={() => void load()} />;

  const editor = (
    <Row gutter={16}>
      <Col xs={24} lg={12}>
        <Card
          size="small"
          title={
            <Space>
              JSON<Tag>版本 {version}</Tag>
            </Space>
          }
        >
          <Input.TextArea
            aria-label="模式 JSON"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoSize={{ minRows: 18, maxRows: 36 }}
            spellCheck={false}
            style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12 }}
          />
          {parsed.error && <Alert style={{ marginTop: 8 }} type="error" showIcon message={parsed.error} />}
          <Space.Compact style={{ width: '100%', marginTop: 8 }}>
            <Input
              placeholder="修改说明（选填）"
              maxLength={200}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
            <Button
              type="primary"
              loading={saving}
              disabled={!!parsed.error}
              onClick={() => void run(() => saveSchema(id, parsed.value, note, version), '已保存')}
            >
              保存
            </Button>
          </Space.Compact>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title="实时预览">
          <SchemaPreview id={id} draft={parsed.value} />
        </Card>
      </Col>
    </Row>
  );
  return (
    <>
      {/* Above the tabs: a rollback is started from the history tab, a save from the editor. */}
      {saveError && (
        <Alert type="error" showIcon message="保存失败" description={saveError} style={{ marginBottom: 12 }} />
      )}
      {stored && (
        <Alert
          type="success"
          showIcon
          closable
          message={stored}
          onClose={() => setStored(null)}
          style={{ marginBottom: 12 }}
        />
      )}
      <Tabs
        items={[
          { key: 'edit', label: '编辑', children: editor },
          {
            key: 'history',
            label: '版本历史',
            children: (
              <>
                <Typography.Paragraph type="secondary">
                  版本 0 为随程序发布的内置版本；回滚会以所选版本的内容生成一个新版本。
                </Typography.Paragraph>
                <VersionHistory
                  versions={versions}
                  loading={versionsLoading}
                  currentVersion={version}
                  onLoad={(v) => setText(pretty(v.body))}
                  onRollback={(v) => run(() => rollbackSchema(id, v), '已回滚')}
                />
              </>
            ),
          },
        ]}
      />
    </>
  );
}
