// Page links 5 either side of the current page, first/last, and page sizes 50/100/200. Above the server's count
// limit the total reads "more than 10 000" (the number in the language's grouping) and the last page served says
// how to see further.
import { DoubleLeftOutlined, DoubleRightOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { PAGE_SIZES } from '@portal/shared';
import { Button, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function Paginator(props: {
  page: number;
  pages: number;
  count: number;
  /** The list has more rows than `count` (the server's limit): pages stop there. */
  countMore?: boolean;
  pageSize: number;
  onPage(page: number): void;
  onPageSize?(size: number): void;
  sizes?: readonly number[];
}) {
  const { t, i18n } = useTranslation();
  const { page, pages } = props;
  const total = props.countMore
    ? t('list.total_more', { n: new Intl.NumberFormat(i18n.language).format(props.count) })
    : t('list.total', { count: props.count });
  const from = Math.max(1, page - 5);
  const to = Math.min(pages, page + 5);
  const links: number[] = [];
  for (let p = from; p <= to; p++) links.push(p);
  return (
    <nav aria-label={t('list.pagination')} className="paginator">
      <Space wrap size={4}>
        <Button
          size="small"
          icon={<DoubleLeftOutlined />}
          disabled={page <= 1}
          onClick={() => props.onPage(1)}
          aria-label={t('list.first')}
        />
        <Button
          size="small"
          icon={<LeftOutlined />}
          disabled={page <= 1}
          onClick={() => props.onPage(page - 1)}
          aria-label={t('list.previous')}
        />
        {links.map((p) => (
          <Button
            key={p}
            size="small"
            type={p === page ? 'primary' : 'default'}
            aria-current={p === page ? 'page' : undefined}
            onClick={() => props.onPage(p)}
          >
            {p}
          </Button>
        ))}
        <Button
          size="small"
          icon={<RightOutlined />}
          disabled={page >= pages}
          onClick={() => props.onPage(page + 1)}
          aria-label={t('list.next')}
        />
        <Button
          size="small"
          icon={<DoubleRightOutlined />}
          disabled={page >= pages}
          onClick={() => props.onPage(pages)}
          aria-label={t('list.last')}
        />
        {props.onPageSize && (
          <Select
            size="small"
            value={props.pageSize}
            onChange={props.onPageSize}
            aria-label={t('list.page_size')}
            style={{ width: 110 }}
            options={(props.sizes ?? PAGE_SIZES).map((s) => ({
              value: s,
              label: t('list.per_page', { count: s }),
            }))}
          />
        )}
        <Typography.Text type="secondary">{total}</Typography.Text>
        {props.countMore && page >= pages && (
          <Typography.Text type="secondary" className="paginator-limit">
            {t('list.limit_note')}
          </Typography.Text>
        )}
      </Space>
    </nav>
  );
}
