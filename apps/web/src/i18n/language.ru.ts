// Everything language-specific for ru, loaded as one chunk when ru is the chosen language (switching the language
// reloads the page): the base and feature catalogues, antd's locale and dayjs's.
import antd from 'antd/locale/ru_RU';
import 'dayjs/locale/ru';
import base from './ru.json';

const features = import.meta.glob<{ default: Record<string, unknown> }>('../features/*/i18n/*.ru.json', {
  eager: true,
});

export default { base, features: Object.values(features).map((m) => m.default), antd };
