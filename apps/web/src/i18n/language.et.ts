// Everything language-specific for et, loaded as one chunk when et is the chosen language (switching the language
// reloads the page): the base and feature catalogues, antd's locale and dayjs's.
import antd from 'antd/locale/et_EE';
import 'dayjs/locale/et';
import base from './et.json';

const features = import.meta.glob<{ default: Record<string, unknown> }>('../features/*/i18n/*.et.json', {
  eager: true,
});

export default { base, features: Object.values(features).map((m) => m.default), antd };
