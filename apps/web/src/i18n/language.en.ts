// Everything language-specific for en, loaded as one chunk when en is the chosen language (switching the language
// reloads the page): the base and feature catalogues, antd's locale and dayjs's.
import antd from 'antd/locale/en_US';
import 'dayjs/locale/en';
import base from './en.json';

const features = import.meta.glob<{ default: Record<string, unknown> }>('../features/*/i18n/*.en.json', {
  eager: true,
});

export default { base, features: Object.values(features).map((m) => m.default), antd };
