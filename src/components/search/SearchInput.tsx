import { Button, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { SearchProps } from 'antd/es/input';

/**
 * antd's Input.Search whose button is named in Chinese: the stock icon button's accessible name is
 * its icon's English "search". enterButton: true makes it the primary button, as in antd.
 */
export function SearchInput({ enterButton, ...props }: SearchProps) {
  const named =
    enterButton === undefined || enterButton === false || enterButton === true ? (
      <Button type={enterButton ? 'primary' : 'default'} icon={<SearchOutlined aria-hidden />} aria-label="搜索" />
    ) : (
      enterButton
    );
  return <Input.Search {...props} enterButton={named} />;
}
