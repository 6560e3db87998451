// A part's files (spec 3 "Pre-order add/edit": drag-and-drop upload, image gallery with a full-screen viewer,
// documents list, delete). Uploads go in 500000-byte chunks (lib/upload.ts) and are then linked to the part with
// PATCH /parts/{id}/ {files}; deleting removes the file (and its link) in the file service.
import { DeleteOutlined, FileOutlined, InboxOutlined } from '@ant-design/icons';
import { type FileData, isImageFile, UPLOAD_EXTENSIONS } from '@portal/shared';
import { Button, Empty, Flex, Image, List, Progress, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../i18n/index.ts';
import { ApiError, api } from '../lib/api.ts';
import { toast } from '../lib/toast.ts';
import { localUploadProblem, uploadFile } from '../lib/upload.ts';
import { Popconfirm } from './Popconfirm.tsx';

const ACCEPT = UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',');

function problemOf(err: unknown): string {
  if (err instanceof ApiError) {
    const first = Object.values(err.fieldErrors)[0];
    return errorText(String((Array.isArray(first) ? first[0] : first) ?? err.detail ?? 'server_error'));
  }
  return errorText('server_error');
}

export function fmtSize(bytes: number) {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export function PartFiles(props: {
  partId: number;
  files: FileData[];
  editable: boolean;
  /** Called after an upload or delete (the parent refetches the part). */
  onChanged(): void;
}) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const latest = useRef(props.files);
  latest.current = props.files;
  const images = props.files.filter((f) => isImageFile(f));
  const docs = props.files.filter((f) => !isImageFile(f));

  async function add(file: File) {
    setProgress({ name: file.name, percent: 0 });
    try {
      const up = await uploadFile(file, {
        onProgress: (percent) => setProgress({ name: file.name, percent }),
      });
      await api('PATCH', `/parts/${props.partId}/`, {
        body: { files: [...latest.current.map((f) => f.uuid), up.uuid] },
      });
      toast.success(t('files.uploaded', { name: up.fileName }));
      props.onChanged();
    } catch (err) {
      toast.error(problemOf(err));
    } finally {
      setProgress(null);
    }
  }

  async function remove(f: FileData) {
    try {
      await api('DELETE', `/delete/${f.uuid}`);
      toast.success(t('files.deleted', { name: f.file_name }));
      props.onChanged();
    } catch (err) {
      toast.error(problemOf(err));
    }
  }

  const deleteButton = (f: FileData) =>
    props.editable && (
      <Popconfirm
        title={t('files.confirm_delete', { name: f.file_name })}
        okText={t('common.yes')}
        cancelText={t('common.no')}
        okButtonProps={{ danger: true }}
        onConfirm={() => remove(f)}
      >
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('files.delete_named', { name: f.file_name })}
          title={t('common.delete')}
        />
      </Popconfirm>
    );

  return (
    <Flex vertical gap={12} data-testid="part-files">
      {props.editable && (
        <Upload.Dragger
          accept={ACCEPT}
          multiple={false}
          showUploadList={false}
          disabled={!!progress}
          beforeUpload={(file) => {
            const problem = localUploadProblem(file);
            if (problem) {
              toast.error(errorText(problem));
              return Upload.LIST_IGNORE;
            }
            void add(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('files.drop')}</p>
          <p className="ant-upload-hint" style={{ color: 'rgba(0, 0, 0, 0.65)' }}>
            {t('files.hint')}
          </p>
        </Upload.Dragger>
      )}
      {progress && (
        <div aria-live="polite">
          <Typography.Text>{progress.name}</Typography.Text>
          <Progress percent={progress.percent} size="small" />
        </div>
      )}
      <div>
        <Typography.Title level={3} style={{ fontSize: 15 }}>
          {t('files.images')}
        </Typography.Title>
        {images.length ? (
          <Image.PreviewGroup>
            <Flex gap={12} wrap>
              {images.map((f) => (
                <Flex key={f.uuid} vertical gap={4} align="center" className="part-file-thumb">
                  <Image
                    width={120}
                    height={120}
                    style={{ objectFit: 'cover', borderRadius: 6 }}
                    src={`/api/thumbnail/240/240/${f.uuid}`}
                    preview={{ src: `/api/get/${f.uuid}` }}
                    alt={f.file_name}
                  />
                  <Flex gap={4} align="center" style={{ maxWidth: 120 }}>
                    <Typography.Text ellipsis style={{ fontSize: 12 }} title={f.file_name}>
                      {f.file_name}
                    </Typography.Text>
                    {deleteButton(f)}
                  </Flex>
                </Flex>
              ))}
            </Flex>
          </Image.PreviewGroup>
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={<span style={{ color: 'rgba(0, 0, 0, 0.65)' }}>{t('files.no_images')}</span>}
          />
        )}
      </div>
      <div>
        <Typography.Title level={3} style={{ fontSize: 15 }}>
          {t('files.documents')}
        </Typography.Title>
        {docs.length ? (
          <List
            size="small"
            bordered
            dataSource={docs}
            renderItem={(f) => (
              <List.Item actions={[deleteButton(f)].filter(Boolean)}>
                <Flex gap={8} align="center" wrap>
                  <FileOutlined aria-hidden />
                  <a
                    href={`/api/get/${f.uuid}`}
                    target="_blank"
                    rel="noreferrer"
                    style={{ color: '#0958d9' }}
                  >
                    {f.file_name}
                  </a>
                  <Typography.Text style={{ color: 'rgba(0, 0, 0, 0.65)' }}>
                    {fmtSize(f.file_size)}
                  </Typography.Text>
                </Flex>
              </List.Item>
            )}
          />
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={<span style={{ color: 'rgba(0, 0, 0, 0.65)' }}>{t('files.no_documents')}</span>}
          />
        )}
      </div>
    </Flex>
  );
}
