// /modules (spec 3 "Modules"): a card per integration module with its name, an active or inactive badge and an
// edit link; Administrator only.
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Col, Empty, Flex, Row, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { api, type Paged } from '../../lib/api.ts';
import { resourceKey } from '../../lib/resource.ts';
import { MODULES, type ModuleItem } from './api.ts';

export default function ModuleListPage() {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: [...resourceKey(MODULES), 'cards'],
    queryFn: ({ signal }) => api<Paged<ModuleItem>>('GET', MODULES, { query: { page_size: 200 }, signal }),
  });
  const modules = q.data?.results ?? [];
  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('setup.modules.title')}
        extra={
          <Link to="/setup/modules/add">
            <Button type="primary" icon={<PlusOutlined />}>
              {t('setup.modules.add')}
            </Button>
          </Link>
        }
      />
      <Spin spinning={q.isLoading}>
        {modules.length ? (
          <Row gutter={[16, 16]}>
            {modules.map((m) => (
              <Col key={m.id} xs={24} sm={12} lg={8} xl={6}>
                <Card
                  data-testid="module-card"
                  title={<h2 style={{ fontSize: 16, margin: 0 }}>{m.name}</h2>}
                  extra={
                    <Badge
                      status={m.is_active ? 'success' : 'default'}
                      text={m.is_active ? t('setup.modules.active') : t('setup.modules.inactive')}
                    />
                  }
                >
                  <Flex vertical gap={12} align="start">
                    <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                      {m.url}
                    </Typography.Text>
                    <Link to={`/setup/modules/${m.id}/edit`}>
                      <Button size="small" icon={<EditOutlined />}>
                        {t('common.edit')}
                      </Button>
                    </Link>
                  </Flex>
                </Card>
              </Col>
            ))}
          </Row>
        ) : (
          !q.isLoading && <Empty description={t('setup.modules.none')} />
        )}
      </Spin>
    </Flex>
  );
}
