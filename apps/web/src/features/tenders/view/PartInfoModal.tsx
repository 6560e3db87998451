// Part info: names, codes, blacklisted producers (buyers), files and images; for buyers the part's price history
// (issue 33).
import type { ViewLine } from '@portal/shared';
import { Descriptions, Flex, Image, List, Modal, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { unitName } from '../../../lib/format.ts';
import { PriceHistory } from './PriceHistory.tsx';

const IMAGE = /^image\//;
const IMAGE_EXT = /\.(jpe?g|png|gif|bmp|tiff?)$/i;

/** Part info: names, codes, blacklisted producers (buyers), files and images. */
export function PartInfoModal(props: { line: ViewLine | null; isSupplier: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const l = props.line;
  if (!l) return null;
  const images = l.part_files_data.filter((f) => IMAGE.test(f.file_type) || IMAGE_EXT.test(f.file_name));
  const docs = l.part_files_data.filter((f) => !images.includes(f));
  const items = [
    { key: 'name', label: t('tenders.fields.part_name'), children: l.part_name },
    ...(l.part_code ? [{ key: 'code', label: t('tenders.fields.part_code'), children: l.part_code }] : []),
    {
      key: 'tags',
      label: t('tenderView.part.codes'),
      children: l.part_codes_tags.length ? l.part_codes_tags.map((c) => <Tag key={c}>{c}</Tag>) : '—',
    },
    ...(l.part_type_name
      ? [{ key: 'type', label: t('tenders.fields.part_type'), children: l.part_type_name }]
      : []),
    { key: 'unit', label: t('tenders.fields.unit'), children: unitName(l.part_unit_code) },
  ];
  if (!props.isSupplier)
    items.push({
      key: 'bl',
      label: t('tenderView.part.blacklisted'),
      children: l.blacklisted_producers_info.length
        ? l.blacklisted_producers_info.map((p) => (
            <Tag key={p.id} color="red">
              {p.name}
            </Tag>
          ))
        : '—',
    });
  return (
    <Modal
      open
      title={t('tenderView.part.info_title', { name: l.part_name })}
      onCancel={props.onClose}
      footer={null}
      width={720}
    >
      <Descriptions size="small" bordered column={1} items={items} />
      {images.length > 0 && (
        <Flex gap={8} wrap style={{ marginTop: 12 }}>
          <Image.PreviewGroup>
            {images.map((f) => (
              <Image
                key={f.uuid}
                width={120}
                src={`/api/thumbnail/240/240/${f.uuid}`}
                preview={{ src: `/api/get/${f.uuid}` }}
                alt={f.file_name}
              />
            ))}
          </Image.PreviewGroup>
        </Flex>
      )}
      {docs.length > 0 && (
        <List
          size="small"
          style={{ marginTop: 12 }}
          header={t('tenderView.part.files')}
          dataSource={docs}
          renderItem={(f) => (
            <List.Item>
              <a href={`/api/get/${f.uuid}`} target="_blank" rel="noreferrer">
                {f.file_name}
              </a>
            </List.Item>
          )}
        />
      )}
      {!props.isSupplier && (
        <div style={{ marginTop: 16 }}>
          <PriceHistory partId={l.part} />
        </div>
      )}
    </Modal>
  );
}
